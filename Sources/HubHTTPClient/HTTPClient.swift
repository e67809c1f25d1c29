import CCurl
import Foundation

/// A blocking HTTP client for calls to outside providers (iTunes, App Store Connect, APNs).
///
/// One instance owns one libcurl easy handle and reuses it for every request, so consecutive
/// requests to the same host share one kept-alive connection (one HTTP/2 connection for
/// APNs). An instance belongs to one owner (a worker thread or a serial loop); the lock only
/// turns accidental concurrent use into waiting instead of corruption.
public final class HTTPClient: @unchecked Sendable {
    public let options: HTTPClientOptions
    private let lock = NSLock()
    private var easy: CurlEasy?

    public init(options: HTTPClientOptions = .init()) {
        self.options = options
    }

    /// Sends one request and waits for the whole response. Any HTTP status is a response;
    /// failures to get one throw `HTTPClientError`.
    public func send(_ request: HTTPClientRequest) throws -> HTTPClientResponse {
        lock.lock()
        defer { lock.unlock() }
        let easy = try handle()
        let transfer = try CurlTransfer(request: request, options: options)
        // Reset after use so the handle never keeps pointers into this transfer.
        defer { easy.reset() }
        try transfer.configure(easy)
        let code = withExtendedLifetime(transfer) { curl_easy_perform(easy.handle) }
        return try transfer.finish(code, easy: easy)
    }

    private func handle() throws -> CurlEasy {
        if let easy { return easy }
        let created = try CurlEasy()
        easy = created
        return created
    }
}
