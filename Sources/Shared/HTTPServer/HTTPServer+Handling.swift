import CMicroHTTPD
import Foundation

extension HTTPServer {
    /// A chunked body past its limit is read and dropped so the 413 can be sent on a
    /// clean connection, but only up to this much; beyond it the connection is cut.
    static let maxDiscardedBytes = 8 << 20

    /// One access-handler call. The first call only prepares (so that the response is
    /// queued on a later call and keep-alive survives), upload calls collect the body,
    /// and the final call answers.
    func handle(_ context: HTTPRequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>?,
                uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>) -> MHD_Result {
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
        if context.bodyTooLarge {
            return queue(APIError.payloadTooLarge(limit: context.bodyLimit).response(correlationId: context.correlationId), context, connection)
        }
        if let error = context.pendingError {
            return queue(error.response(correlationId: context.correlationId), context, connection)
        }
        guard let match = context.match else { return .NO }
        let request = HTTPRequest(method: context.method, path: PercentDecoding.decode(context.rawPath, plusAsSpace: false),
                                  rawQuery: context.rawQuery.map(String.init),
                                  queryItems: context.rawQuery.map { PercentDecoding.queryItems($0) } ?? [],
                                  headers: context.headers, body: context.body, pathParameters: match.parameters,
                                  correlationId: context.correlationId, remoteAddress: remoteAddress(connection),
                                  receivedAt: context.receivedAt)
        context.body = []
        switch match.route.handler {
        case let .sync(handler):
            let result: Result<HTTPResponse, Error>
            do { result = .success(try handler(request)) } catch { result = .failure(error) }
            return queue(response(for: result, context), context, connection)
        case let .async(handler):
            return invokeAsync(handler, request, context, connection)
        }
    }

    private func prepare(_ context: HTTPRequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>?) -> MHD_Result {
        context.started = true
        context.connection = connection
        context.method = method.map { String(cString: $0) } ?? "GET"
        let pointer = Unmanaged.passUnretained(context).toOpaque()
        _ = MHD_get_connection_values(connection, .HEADER_KIND, HTTPServer.headerIterator, pointer)
        context.correlationId = CorrelationID.accept(context.headers[CorrelationID.headerName])
        if stopping.load(ordering: .acquiring) {
            // A stopping server starts no new work; the client retries on its successor.
            var response = APIError.unavailable(retryAfter: 1).response(correlationId: context.correlationId)
            response.headers.append(("Connection", "close"))
            return queue(response, context, connection)
        }
        switch router.lookup(method: context.method, rawPath: context.rawPath) {
        case let .success(match):
            context.match = match
            context.routeLabel = match.route.pattern
            context.bodyLimit = match.route.maxBodyBytes ?? options.maxBodyBytes
        case let .failure(error):
            context.pendingError = error
            context.bodyLimit = options.maxBodyBytes
        }
        if let declared = context.headers["content-length"], let length = Int(declared.trimmingCharacters(in: .whitespaces)),
           length > context.bodyLimit {
            // Answering before the body is read makes libmicrohttpd close the connection,
            // which is what an oversized upload deserves.
            return queue(APIError.payloadTooLarge(limit: context.bodyLimit).response(correlationId: context.correlationId),
                         context, connection)
        }
        return .YES
    }

    /// Calls the handler without holding the pool thread: if it has not completed by the
    /// time it returns, the connection is suspended and the completion resumes it.
    private func invokeAsync(_ handler: Route.AsyncHandler, _ request: HTTPRequest, _ context: HTTPRequestContext,
                             _ connection: OpaquePointer) -> MHD_Result {
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
        case let .success(response):
            if let error = response.deferredError { return error.response(correlationId: context.correlationId) }
            return response
        case let .failure(error as APIError):
            return error.response(correlationId: context.correlationId)
        case let .failure(error):
            logger.error("handler failed", ["route": context.routeLabel, "correlation_id": context.correlationId,
                                            "error": String(describing: error)])
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

    private func remoteAddress(_ connection: OpaquePointer) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            an_mhd_client_address(connection, buffer.baseAddress, 64) == 0 ? String(cString: buffer.baseAddress!) : nil
        }
    }
}
