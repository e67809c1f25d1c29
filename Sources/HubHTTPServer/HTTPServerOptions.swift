import HubRuntime

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
    /// Open connections per client address (`APPNORTH_HTTP_PER_IP_CONNECTIONS`); trusted
    /// proxies are not limited.
    public var perClientConnections: Int = 64
    /// Seconds from a connection's opening (or its previous response) to a complete request
    /// head, however slowly its bytes trickle in.
    public var headerTimeout: Double = 30
    /// Seconds from a request's head to its complete body.
    public var bodyTimeout: Double = 120
    /// Request body bytes held in memory at once across all connections; past it a request
    /// with a body is answered 503 with `Retry-After` before its body is read.
    public var bodyBudgetBytes: Int = 128 << 20
    /// Peers whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed.
    public var trustedProxies = TrustedProxies()
    /// How the threads wait on their sockets; `.automatic` is poll on a loopback `host`.
    public var eventLoop = HTTPEventLoop.automatic

    /// The loop `HTTPServer.start()` runs: `.poll` or `.epoll`.
    public var resolvedEventLoop: HTTPEventLoop { eventLoop.resolved(forHost: host) }

    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, threads: Int = 2, maxBodyBytes: Int = 1 << 20,
        connectionTimeout: Int = 30, connectionLimit: Int = 4096, connectionMemoryLimit: Int = 16 * 1024
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.maxBodyBytes = maxBodyBytes
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimit = connectionMemoryLimit
    }
}
