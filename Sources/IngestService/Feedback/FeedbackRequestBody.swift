import Foundation
import HubCrypto

/// The body of `POST /api/v1/feedback` (AppNorthCreateFeedback plus the optional `appId`).
/// Every field is optional here so that missing ones become field errors, not a decode error.
struct FeedbackRequestBody: Codable {
    struct Viewport: Codable {
        var width: Int?
        var height: Int?
    }

    struct DeviceContext: Codable {
        var appName: String?
        var appVersion: String?
        var buildVersion: String?
        var deviceModel: String?
        var deviceType: String?
        var operatingSystem: String?
        var systemVersion: String?
    }

    struct Diagnostic: Codable {
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

    /// The idempotency payload: the decoded body re-encoded with sorted keys, the screenshot
    /// standing in as its SHA-256, so a retry is compared without re-serializing megabytes.
    /// Fields the server ignores are left out, so they cannot turn a retry into a conflict.
    func canonicalPayload() throws -> [UInt8] {
        var copy = self
        copy.screenshot = screenshot.map { "sha256:" + SHA256.hex($0) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(copy))
    }
}
