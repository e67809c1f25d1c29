import CMicroHTTPD
import Foundation
import HubRuntime

/// Per-request state between libmicrohttpd callbacks. Retained from the URI callback
/// until the request-completed callback; fields are touched only by the connection's
/// pool thread except `asyncPhase` and `asyncResult`, which are guarded by the server's
/// lock because an async completion may arrive from any thread.
final class HTTPRequestContext {
    enum AsyncPhase {
        /// Not an async request, or its handler has not been called yet.
        case idle
        /// The handler is being called; a completion now only stores its result.
        case invoking
        /// The connection is suspended; a completion stores its result and resumes it.
        case suspended
        /// The result is stored and the connection resumed (or about to be answered).
        case resuming
        /// The request is over; late completions are ignored.
        case finished
    }

    let rawTarget: String
    let receivedAt: Date
    let startNanos: UInt64

    var started = false
    var method = ""
    var rawPath: Substring = ""
    var rawQuery: Substring?
    var headers = HTTPHeaders()
    var correlationId = ""
    var match: RouteMatch?
    var routeLabel = "unmatched"
    var pendingError: APIError?
    var bodyLimit = 0
    /// The connection this request arrived on, from libmicrohttpd's socket context.
    var connectionState: HTTPConnectionState?
    /// A body follows the head (a positive `Content-Length`, or a transfer coding).
    var expectsBody = false
    /// Declared body length, when `Content-Length` was sent.
    var declaredLength: Int?
    /// Bytes taken from the server's body budget, given back when the request completes.
    var reservedBytes = 0
    /// The request as its head describes it, built before the body for a header check.
    var head: HTTPRequest?
    var body: [UInt8] = []
    var receivedBytes = 0
    var bodyTooLarge = false
    var queuedStatus: Int?

    var connection: OpaquePointer?
    /// Set once the async handler has been called, so a spurious extra access call never
    /// calls it again.
    var asyncInvoked = false
    var asyncPhase = AsyncPhase.idle
    var asyncResult: Result<HTTPResponse, Error>?

    init(rawTarget: String) {
        self.rawTarget = rawTarget
        self.receivedAt = Date()
        self.startNanos = HTTPRequestContext.monotonicNanos()
        if let q = rawTarget.utf8.firstIndex(of: 63) {
            rawPath = rawTarget[..<q]
            rawQuery = rawTarget[rawTarget.utf8.index(after: q)...]
        } else {
            rawPath = rawTarget[...]
        }
    }

    static func monotonicNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// The path and query for the access log, with secret query values redacted.
    var loggablePath: String {
        guard let rawQuery else { return String(rawPath) }
        return String(rawPath) + "?" + Redactor.redactQuery(String(rawQuery))
    }
}
