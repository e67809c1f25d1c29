import Foundation

/// The body of `POST /api/v1/feedback` (AppNorthCreateFeedback plus the optional `appId`).
/// Every field is optional here so that missing ones become field errors, not a decode error.
struct FeedbackRequestBody: Decodable {
    struct Viewport: Decodable {
        var width: Int?
        var height: Int?
    }

    struct DeviceContext: Decodable {
        var appName: String?
        var appVersion: String?
        var buildVersion: String?
        var deviceModel: String?
        var deviceType: String?
        var operatingSystem: String?
        var systemVersion: String?
    }

    struct Diagnostic: Decodable {
        var category: String?
        var level: String?
        var message: String?
        var timestamp: String?
        var metadata: [String: FeedbackJSONValue]?
    }

    var type: String?
    var message: String?
    var email: String?
    var pageURL: String?
    var pageTitle: String?
    var locale: String?
    var viewport: Viewport?
    var userAgent: String?
    var deviceContext: DeviceContext?
    var diagnostics: [Diagnostic]?
    var screenshot: String?
    var appId: String?
}
