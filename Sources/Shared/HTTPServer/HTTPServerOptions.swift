/// How an `HTTPServer` listens.
public struct HTTPServerOptions {
    /// An IPv4 address, or `localhost`.
    public var host: String = "127.0.0.1"
    /// 0 picks a free port; read `HTTPServer.port` after `start()`.
    public var port: UInt16 = 8080
    /// Pool threads serving connections.
    public var threads: Int = 2
    /// Body limit for routes that do not set their own.
    public var maxBodyBytes: Int = 1 << 20
    /// Seconds an idle connection is kept.
    public var connectionTimeout: Int = 30
    public var connectionLimit: Int = 4096
    /// Per-connection buffer for the request head and body chunks. It bounds the size of
    /// request headers, and libmicrohttpd clears it between requests, so bigger costs
    /// throughput.
    public var connectionMemoryLimit: Int = 16 * 1024

    public init(host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 2, maxBodyBytes: Int = 1 << 20,
                connectionTimeout: Int = 30, connectionLimit: Int = 4096, connectionMemoryLimit: Int = 16 * 1024) {
        self.host = host
        self.port = port
        self.threads = threads
        self.maxBodyBytes = maxBodyBytes
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimit = connectionMemoryLimit
    }
}
