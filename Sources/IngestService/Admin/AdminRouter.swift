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
        router.add(method, AdminRouter.prefix + path) { request in
            try handler(request, try auth.authorize(request))
        }
    }
}
