import CMicroHTTPD
import Foundation
import HubRuntime

extension HTTPServer {
    /// A chunked body past its limit is read and dropped so the 413 can be sent on a
    /// clean connection, but only up to this much; beyond it the connection is cut.
    static let maxDiscardedBytes = 8 << 20

    /// One access-handler call. The first call only prepares (so that the response is
    /// queued on a later call and keep-alive survives), upload calls collect the body,
    /// and the final call answers.
    func handle(
        _ context: HTTPRequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        if !context.started {
            return prepare(context, connection: connection, method: method)
        }
        let size = uploadSize.pointee
        if size > 0 {
            uploadSize.pointee = 0
            context.receivedBytes += size
            if context.pendingError != nil || context.bodyTooLarge {
                return context.receivedBytes - context.bodyLimit > HTTPServer.maxDiscardedBytes ? .NO : .YES
            }
            if context.body.count + size > context.bodyLimit {
                context.bodyTooLarge = true
                context.body = []
            } else if context.declaredLength == nil && !takeBudget(size, context) {
                // A chunked body grows past what the server may hold: refused, read and dropped.
                context.pendingError = APIError.unavailable(retryAfter: 1)
                context.body = []
            } else if let uploadData {
                context.body.append(contentsOf: UnsafeRawBufferPointer(start: UnsafeRawPointer(uploadData), count: size))
            }
            return .YES
        }
        if context.queuedStatus != nil { return .YES }
        if context.asyncPhase == .resuming {
            let result: Result<HTTPResponse, Error>? = lock.withLock {
                context.asyncPhase = .finished
                return context.asyncResult
            }
            return queue(response(for: result ?? .failure(APIError.internal()), context), context, connection)
        }
        if context.asyncInvoked { return .YES }
        if let state = context.connectionState { connections.handling(state) }
        if context.bodyTooLarge {
            return queue(
                APIError.payloadTooLarge(limit: context.bodyLimit).response(correlationId: context.correlationId), context, connection)
        }
        if let error = context.pendingError {
            return queue(error.response(correlationId: context.correlationId), context, connection)
        }
        guard let match = context.match else { return .NO }
        var request = context.head ?? makeRequest(context, connection, match)
        request.body = context.body
        context.head = nil
        context.body = []
        switch match.route.handler {
        case .sync(let handler):
            let result: Result<HTTPResponse, Error>
            do { result = .success(try handler(request)) } catch { result = .failure(error) }
            return queue(response(for: result, context), context, connection)
        case .async(let handler):
            return invokeAsync(handler, request, context, connection)
        }
    }

    /// The request's head: everything but the body. Behind a trusted proxy the client's
    /// address and scheme are the ones it forwarded.
    private func makeRequest(_ context: HTTPRequestContext, _ connection: OpaquePointer, _ match: RouteMatch) -> HTTPRequest {
        let peer = context.connectionState?.peer ?? remoteAddress(connection)
        let trusted = options.trustedProxies
        var client = peer
        var scheme = "http"
        if !trusted.isEmpty, let peer {
            client = trusted.clientAddress(peer: peer, forwardedFor: context.headers.values("x-forwarded-for"))
            scheme = trusted.forwardedScheme(peer: peer, forwardedProto: context.headers["x-forwarded-proto"]) ?? "http"
        }
        return HTTPRequest(
            method: context.method, path: PercentDecoding.decode(context.rawPath, plusAsSpace: false),
            rawQuery: context.rawQuery.map(String.init),
            queryItems: context.rawQuery.map { PercentDecoding.queryItems($0) } ?? [],
            headers: context.headers, body: [], pathParameters: match.parameters,
            correlationId: context.correlationId, remoteAddress: client, peerAddress: peer, scheme: scheme,
            receivedAt: context.receivedAt)
    }

    /// The first call, on the complete head: everything that does not depend on the body is
    /// decided here, before any of it is read.
    private func prepare(_ context: HTTPRequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>?) -> MHD_Result {
        context.started = true
        context.connection = connection
        context.method = method.map { String(cString: $0) } ?? "GET"
        context.connectionState = an_mhd_socket_context(connection).map {
            Unmanaged<HTTPConnectionState>.fromOpaque($0).takeUnretainedValue()
        }
        let pointer = Unmanaged.passUnretained(context).toOpaque()
        // Without an iterator libmicrohttpd only counts them.
        context.headers.reserveCapacity(Int(MHD_get_connection_values(connection, .HEADER_KIND, nil, nil)))
        _ = MHD_get_connection_values(connection, .HEADER_KIND, HTTPServer.headerIterator, pointer)
        context.correlationId = CorrelationID.accept(context.headers[CorrelationID.headerName])
        if let declared = context.headers["content-length"] {
            context.declaredLength = Int(declared.trimmingSpaces())
        }
        context.expectsBody = context.declaredLength.map { $0 > 0 } ?? (context.headers["transfer-encoding"] != nil)
        if stopping.load(ordering: .acquiring) {
            // A stopping server starts no new work; the client retries on its successor.
            var response = APIError.unavailable(retryAfter: 1).response(correlationId: context.correlationId)
            response.headers.append(("Connection", "close"))
            return answerEarly(response, context, connection)
        }
        switch router.lookup(method: context.method, rawPath: context.rawPath) {
        case .success(let match):
            context.match = match
            context.routeLabel = match.route.pattern
            context.bodyLimit = match.route.maxBodyBytes ?? options.maxBodyBytes
        case .failure(let error):
            context.pendingError = error
            context.bodyLimit = options.maxBodyBytes
        }
        guard context.expectsBody else {
            if let state = context.connectionState { connections.handling(state) }
            return .YES
        }
        if let error = context.pendingError {
            return answerEarly(error.response(correlationId: context.correlationId), context, connection)
        }
        // Who is asking comes before how much they send: a refused caller learns no limits.
        if let match = context.match, let check = match.route.headerCheck {
            let head = makeRequest(context, connection, match)
            do {
                try check(head)
            } catch {
                return answerEarly(response(for: .failure(error), context), context, connection)
            }
            context.head = head
        }
        if let length = context.declaredLength, length > context.bodyLimit {
            return answerEarly(
                APIError.payloadTooLarge(limit: context.bodyLimit).response(correlationId: context.correlationId),
                context, connection)
        }
        if let length = context.declaredLength, !takeBudget(length, context) {
            return answerEarly(APIError.unavailable(retryAfter: 1).response(correlationId: context.correlationId), context, connection)
        }
        if let state = context.connectionState { connections.receivingBody(state) }
        return .YES
    }

    /// Answers before the body is read. libmicrohttpd then closes the connection; it lingers
    /// so the client can read this answer even while it is still sending.
    private func answerEarly(_ response: HTTPResponse, _ context: HTTPRequestContext, _ connection: OpaquePointer) -> MHD_Result {
        if context.expectsBody { context.connectionState?.linger.store(true, ordering: .releasing) }
        return queue(response, context, connection)
    }

    private func takeBudget(_ bytes: Int, _ context: HTTPRequestContext) -> Bool {
        guard bodyBudget.reserve(bytes) else { return false }
        context.reservedBytes += bytes
        return true
    }

    /// Calls the handler without holding the pool thread: if it has not completed by the
    /// time it returns, the connection is suspended and the completion resumes it.
    private func invokeAsync(
        _ handler: Route.AsyncHandler, _ request: HTTPRequest, _ context: HTTPRequestContext,
        _ connection: OpaquePointer
    ) -> MHD_Result {
        context.asyncInvoked = true
        lock.withLock { context.asyncPhase = .invoking }
        handler(request) { [weak self, context] result in
            self?.complete(context, with: result)
        }
        let ready: Result<HTTPResponse, Error>? = lock.withLock {
            if let result = context.asyncResult {
                context.asyncPhase = .finished
                return result
            }
            MHD_suspend_connection(connection)
            context.asyncPhase = .suspended
            suspended[ObjectIdentifier(context)] = context
            return nil
        }
        if let ready { return queue(response(for: ready, context), context, connection) }
        return .YES
    }

    /// Stores an async handler's result once; later calls are ignored.
    func complete(_ context: HTTPRequestContext, with result: Result<HTTPResponse, Error>) {
        lock.withLock {
            guard context.asyncResult == nil, context.asyncPhase != .finished else { return }
            context.asyncResult = result
            guard context.asyncPhase == .suspended, daemonAlive else { return }
            context.asyncPhase = .resuming
            suspended[ObjectIdentifier(context)] = nil
            MHD_resume_connection(context.connection)
        }
    }

    /// A handler's outcome as a response; errors other than `APIError` become a generic
    /// 500 and are logged, not sent.
    func response(for result: Result<HTTPResponse, Error>, _ context: HTTPRequestContext) -> HTTPResponse {
        switch result {
        case .success(let response):
            if let error = response.deferredError { return error.response(correlationId: context.correlationId) }
            return response
        case .failure(let error as APIError):
            return error.response(correlationId: context.correlationId)
        case .failure(let error as HTTPResponseError):
            return error.response(correlationId: context.correlationId)
        case .failure(let error):
            logger.error(
                "handler failed",
                [
                    "route": context.routeLabel, "correlation_id": context.correlationId,
                    "error": String(describing: error),
                ])
            return APIError.internal().response(correlationId: context.correlationId)
        }
    }

    func queue(_ response: HTTPResponse, _ context: HTTPRequestContext, _ connection: OpaquePointer) -> MHD_Result {
        let mhdResponse = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let mhdResponse else { return .NO }
        for (name, value) in response.headers { _ = MHD_add_response_header(mhdResponse, name, value) }
        _ = MHD_add_response_header(mhdResponse, CorrelationID.headerName, context.correlationId)
        let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
        MHD_destroy_response(mhdResponse)
        context.queuedStatus = response.status
        return result
    }

    func remoteAddress(_ connection: OpaquePointer) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            an_mhd_client_address(connection, buffer.baseAddress, 64) == 0 ? String(cString: buffer.baseAddress!) : nil
        }
    }
}
