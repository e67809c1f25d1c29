import Foundation

/// The operator API (`/api/admin/v1`, docs/http-conventions.md, "Operator API") as every
/// fixture reaches it: one bootstrap token of the `default` organization, sent as a bearer.
enum OperatorAPI {
    static let token = "an_" + String(repeating: "t", count: 40)
    static let prefix = "/api/admin/v1"

    static func bearer(_ token: String = OperatorAPI.token) -> [(String, String)] { [("Authorization", "Bearer " + token)] }

    /// `extra` with `APPNORTH_ADMIN_TOKEN` set to the bootstrap token, for a hub the fixture starts.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        extra.merging(["APPNORTH_ADMIN_TOKEN": token]) { _, bootstrap in bootstrap }
    }
}
