import CMicroHTTPD
import Foundation
import HubRuntime
import Synchronization

/// The C entry points libmicrohttpd calls; each recovers the server from `cls` (retained
/// while the daemon runs) and the request from `con_cls`.
extension HTTPServer {
    static let uriCallback: an_mhd_uri_log_cb = { cls, uri, _ in
        let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
        let target = uri.map { String(cString: $0) } ?? "/"
        if let uri { HTTPServer.hideQuery(UnsafeMutablePointer(mutating: uri)) }
        return server.beginRequest(rawTarget: target)
    }

    /// Ends the target libmicrohttpd is about to parse at its path. The hub reads the query
    /// itself from the raw target (`HTTPRequestContext`, linear in its length) and never asks
    /// libmicrohttpd for arguments; left to it, a query of a few hundred parameters fills the
    /// connection's memory pool while it parses them, before any hub code runs, and the client
    /// gets an empty reply or a connection held open. Every `?` becomes NUL, and so does the
    /// byte after the first, so neither a search for `?` nor a pointer already taken at it
    /// finds a parameter to parse. The buffer is the connection's read buffer, which
    /// libmicrohttpd itself writes the same way when it splits the query off.
    static func hideQuery(_ target: UnsafeMutablePointer<CChar>) {
        let length = strlen(target)
        var first = true
        for index in 0..<length where target[index] == 0x3F {
            target[index] = 0
            if first, index + 1 < length { target[index + 1] = 0 }
            first = false
        }
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

    /// Refuses a connection whose client already holds its share of them.
    static let acceptCallback: MHD_AcceptPolicyCallback = { cls, address, _ in
        guard let cls else { return .YES }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        let peer = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            an_sockaddr_text(address, buffer.baseAddress, 64) == 0 ? String(cString: buffer.baseAddress!) : nil
        }
        guard let peer else { return .YES }
        return server.connections.admits(peer) ? .YES : .NO
    }

    /// Tracks each connection from its opening to its closing, which comes before
    /// libmicrohttpd closes the socket.
    static let connectionCallback: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let cls, let connection, let socketContext else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        if code == .CONNECTION_NOTIFY_STARTED {
            let peer = server.remoteAddress(connection) ?? "unknown"
            let state = server.connections.opened(peer: peer, fd: an_mhd_connection_fd(connection))
            socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
        } else if let raw = socketContext.pointee {
            socketContext.pointee = nil
            server.connections.closed(Unmanaged<HTTPConnectionState>.fromOpaque(raw).takeRetainedValue())
        }
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
        bodyBudget.release(context.reservedBytes)
        context.reservedBytes = 0
        if let state = context.connectionState { connections.awaitingRequest(state) }
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
