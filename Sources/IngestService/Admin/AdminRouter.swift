import Shared

/// Registers operator routes under `/api/admin/v1`, each behind `AdminAuth`, so no handler
/// can be added without authentication.
public struct AdminRouter {
    public static let prefix = "/api/admin/v1"

    let router: Router
    let auth: AdminAuth

    public func add(_ method: String, _ path: String,
                    _ handler: @escaping (HTTPRequest, AdminCaller) throws -> HTTPResponse) {
        let auth = self.auth
        router.add(method, AdminRouter.prefix + path, headerCheck: headerCheck) { request in
            try handler(request, try auth.authorize(request))
        }
    }

    /// A missing, revoked or read-only token is refused from the head, before a body is read.
    var headerCheck: Route.HeaderCheck {
        let auth = self.auth
        return { request in _ = try auth.authenticate(request) }
    }
}
