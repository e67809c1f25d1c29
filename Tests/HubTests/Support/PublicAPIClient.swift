import Foundation
import XCTest

@testable import HubStore
@testable import IngestService

/// A fixture with one project whose public API the tests call as the SDK does.
protocol PublicAPIClient {
    var hub: HubHarness { get }
    var projectId: String { get }
    var appId: String { get }
}

extension PublicAPIClient {
    /// `path` under `/api/v1` with `query`, the App ID (this project's unless given) and the voter
    /// token when there is one, in name order and percent-encoded.
    func url(_ path: String, _ query: [String: String] = [:], token: String?, appId: String? = nil) -> String {
        var items = query
        items["app_id"] = appId ?? self.appId
        if let token { items["voter_token"] = token }
        let encoded = items.sorted { $0.key < $1.key }.map {
            $0.key + "=" + ($0.value.addingPercentEncoding(withAllowedCharacters: PublicAPI.unreserved) ?? "")
        }
        return PublicAPI.prefix + path + "?" + encoded.joined(separator: "&")
    }

    func get(
        _ path: String, _ query: [String: String] = [:], token: String? = PublicAPI.voterToken, appId: String? = nil,
        headers: [(String, String)] = []
    ) throws -> HubReply {
        try hub.request("GET", url(path, query, token: token, appId: appId), headers: headers)
    }

    /// A JSON write with the allowed Origin (unless `origin` says otherwise) and optionally an
    /// idempotency key.
    func send(
        _ method: String, _ path: String, _ body: Any, token: String? = PublicAPI.voterToken, key: String? = nil,
        origin: String? = PublicAPI.origin, headers: [(String, String)] = []
    ) throws -> HubReply {
        try hub.request(method, url(path, token: token), headers: writeHeaders(headers, origin: origin, key: key), json: body)
    }

    /// A write whose body is sent as it is, for bodies JSON encoding would not produce.
    func send(
        _ method: String, _ path: String, bytes: [UInt8], contentType: String = "application/json",
        token: String? = PublicAPI.voterToken, origin: String? = PublicAPI.origin
    ) throws -> HubReply {
        try hub.request(
            method, url(path, token: token), headers: writeHeaders([], origin: origin, key: nil), body: bytes,
            contentType: contentType)
    }

    private func writeHeaders(_ headers: [(String, String)], origin: String?, key: String?) -> [(String, String)] {
        var all = headers
        if let origin { all.append(("Origin", origin)) }
        if let key { all.append(("Idempotency-Key", key)) }
        return all
    }

    /// Gives the project (this one unless told) the identity secret in plain and returns a
    /// credential for `email` signed with it.
    func identityHeaders(email: String, secret: String = PublicAPI.identitySecret, projectId: String? = nil) throws -> [(String, String)] {
        let project = projectId ?? self.projectId
        try hub.app!.store.db.run("UPDATE projects SET identity_secret = ? WHERE id = ?", [.text("plain:" + secret), .text(project)])
        return IdentityCredential.headers(email: email, projectId: project, secret: secret)
    }
}
