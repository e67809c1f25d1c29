import Foundation

/// The public API (`/api/v1`) as the SDK calls it (docs/http-conventions.md): the App ID and
/// voter token in the query, and from a browser the `Origin` every fixture's project allows.
enum PublicAPI {
    static let origin = "http://localhost"
    static let voterToken = "voter-token-0000000001"
    static let prefix = "/api/v1"
    /// The identity secret `identityHeaders` gives a project unless told otherwise.
    static let identitySecret = "test-identity-secret"

    /// RFC 3986's unreserved characters: everything else in a query value is percent-encoded.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
