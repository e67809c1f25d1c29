import CMicroHTTPD
import Foundation
import Synchronization

/// The C entry points libmicrohttpd calls; each recovers the server from `cls` (retained
/// while the daemon runs) and the request from `con_cls`.
extension HTTPServer {
    static let uriCallback: an_mhd_uri_log_cb = { cls, uri, _ in
        let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
        return server.beginRequest(rawTarget: uri.map { String(cString: $0) } ?? "/")
    }

    static let accessCallback: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, conCls in
        let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
        guard let connection, let conCls, let uploadSize else { return .NO }
        if conCls.pointee == nil {
            conCls.pointee = server.beginRequest(rawTarget: url.map { String(cString: $0) } ?? "/")
        }
        let context = Unmanaged<HTTPRequestContext>.fromOpaque(conCls.pointee!).takeUnretainedValue()
        return server.handle(context, connection: connection, method: method, uploadData: uploadData, uploadSize: uploadSize)
    }

    static let completedCallback: MHD_RequestCompletedCallback = { cls, _, conCls, _ in
        guard let cls, let conCls, let raw = conCls.pointee else { return }
        conCls.pointee = nil
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        server.finishRequest(Unmanaged<HTTPRequestContext>.fromOpaque(raw).takeRetainedValue())
    }

    static let headerIterator: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return .YES }
        let context = Unmanaged<HTTPRequestContext>.fromOpaque(cls).takeUnretainedValue()
        context.headers.append(name: String(cString: key), value: value.map { String(cString: $0) } ?? "")
        return .YES
    }

    /// Creates the request's context, retained until `finishRequest`.
    func beginRequest(rawTarget: String) -> UnsafeMutableRawPointer {
        inFlight.wrappingAdd(1, ordering: .relaxed)
        return Unmanaged.passRetained(HTTPRequestContext(rawTarget: rawTarget)).toOpaque()
    }

    func finishRequest(_ context: HTTPRequestContext) {
        if context.asyncInvoked {
            lock.withLock {
                context.asyncPhase = .finished
                suspended[ObjectIdentifier(context)] = nil
            }
        }
        let nanos = HTTPRequestContext.monotonicNanos() &- context.startNanos
        let status = context.queuedStatus ?? 499
        let duration = TimeInterval(nanos) / 1e9
        observer?.requestCompleted(method: context.method, route: context.routeLabel, status: status, duration: duration)
        if logger.level <= .info {
            // Fixed, harmless keys; the path's secret query values are already redacted.
            var fields = "\"method\":"
            JSONText.appendString(context.method, to: &fields)
            fields += ",\"path\":"
            JSONText.appendString(context.loggablePath, to: &fields)
            fields += ",\"route\":"
            JSONText.appendString(context.routeLabel, to: &fields)
            fields += ",\"status\":\(status),\"duration_ms\":\(Double(nanos / 1000) / 1000),\"correlation_id\":"
            JSONText.appendString(context.correlationId, to: &fields)
            logger.log(.info, "request", preformattedFields: fields)
        }
        inFlight.wrappingSubtract(1, ordering: .releasing)
    }
}
