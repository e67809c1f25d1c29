import Foundation
import HubHTTPServer
import HubMessaging

/// What connecting RevenueCat means for an app, whoever asks (the operator API or the
/// dashboard): owners and admins only, the body's values checked for presence and size; asod
/// checks the key's kind and asks RevenueCat.
enum RevenueCatSettings {
    /// A secret key is about 40 characters; this bounds what is ever sent on.
    static let maximumKeyLength = 256
    /// Connecting may wait out one 429 of up to 30 s besides RevenueCat's two answers.
    static let connectTimeout: TimeInterval = 90

    static func connectRequest(
        project: Project, actor: AccountActor, secretKey: String?, revenueCatProjectId: String?
    ) throws -> RevenueCatConnect.Request {
        try actor.require(.manageIntegrations)
        let key = secretKey ?? ""
        if key.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw APIError.invalidPayload(["secretKey": ["is required: a secret v2 API key (sk_…)"]])
        }
        if key.utf8.count > maximumKeyLength {
            throw APIError.invalidPayload(["secretKey": ["must be at most \(maximumKeyLength) characters"]])
        }
        if let id = revenueCatProjectId, id.utf8.count > 255 { throw APIError.invalidPayload(["projectId": ["is too long"]]) }
        return RevenueCatConnect.Request(
            organizationId: actor.organizationId, projectId: project.id, secretKey: key,
            revenueCatProjectId: revenueCatProjectId.flatMap { $0.isEmpty ? nil : $0 })
    }
}
