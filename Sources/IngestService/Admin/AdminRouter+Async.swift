import Shared

extension AdminRouter {
    /// Like `add`, for a route that answers after a backend call: authentication and the
    /// synchronous checks run on the pool thread, the answer comes through `respond`.
    func addAsync(_ method: String, _ path: String, maxBodyBytes: Int? = nil, headerCheck: Route.HeaderCheck? = nil,
                  _ handler: @escaping (HTTPRequest, AdminCaller, @escaping (Result<HTTPResponse, Error>) -> Void) throws -> Void) {
        let auth = self.auth
        BackendForwarding.addAsync(router, method, AdminRouter.prefix + path, maxBodyBytes: maxBodyBytes,
                                   headerCheck: headerCheck ?? self.headerCheck) { request, respond in
            try handler(request, try auth.authorize(request), respond)
        }
    }
}
