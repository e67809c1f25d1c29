import Foundation
import HubHTTPServer
import HubMessaging

/// 409 `PROJECT_REQUIRED`: the key sees several RevenueCat projects (or not the one chosen).
/// The error envelope's `fields.projects` lists `{id, name}` to choose from, which
/// `APIError`'s string-only fields cannot hold, so it renders itself.
struct RevenueCatProjectRequired: HTTPResponseError {
    let projects: [RevenueCatProjectChoice]

    var message: String {
        projects.isEmpty
            ? "The key sees no RevenueCat project; give it access to the app's project."
            : "The key sees several RevenueCat projects (or not the one chosen); choose one with projectId."
    }

    private struct Body: Encodable {
        struct Problem: Encodable {
            struct Fields: Encodable { let projects: [RevenueCatProjectChoice] }
            let code: String
            let message: String
            let fields: Fields
        }
        let error: Problem
        let correlationId: String
    }

    func response(correlationId: String) -> HTTPResponse {
        var response = HTTPResponse.json(
            Body(
                error: .init(code: RevenueErrorCode.projectRequired, message: message, fields: .init(projects: projects)),
                correlationId: correlationId), status: 409)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }
}
