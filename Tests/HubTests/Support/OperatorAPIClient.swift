import Foundation
import XCTest

/// A fixture whose hub runs ingest started with `OperatorAPI.environment`: the operator API as
/// the dashboard calls it, and the organizations, tokens and projects tests set up through it.
protocol OperatorAPIClient {
    var hub: HubHarness { get }
}

extension OperatorAPIClient {
    /// `path` under `/api/admin/v1` with a JSON body when given; `token` nil sends none.
    @discardableResult
    func call(_ method: String, _ path: String, json body: Any? = nil, token: String? = OperatorAPI.token) throws -> HubReply {
        try hub.request(method, OperatorAPI.prefix + path, headers: token.map(OperatorAPI.bearer) ?? [], json: body)
    }

    /// `path` under `/api/admin/v1` with a body sent as it is (NDJSON, CSV).
    func call(_ method: String, _ path: String, body: [UInt8], contentType: String, token: String? = OperatorAPI.token) throws -> HubReply {
        try hub.request(
            method, OperatorAPI.prefix + path, headers: token.map(OperatorAPI.bearer) ?? [], body: body, contentType: contentType)
    }

    /// A project of the token's organization, allowing `http://localhost`, through `POST /projects`
    /// (then `PATCH` for an App Store ID); its ID and App ID.
    func newProject(
        name: String = "App", chatMode: String? = nil, appStoreId: String? = nil,
        token: String = OperatorAPI.token
    ) throws -> (id: String, appId: String) {
        var body: [String: Any] = ["name": name, "allowedOrigins": [PublicAPI.origin]]
        if let chatMode { body["chatMode"] = chatMode }
        let created = try call("POST", "/projects", json: body, token: token)
        XCTAssertEqual(created.status, 201, created.text)
        let id = try XCTUnwrap(created.json["id"] as? String)
        if let appStoreId {
            let patched = try call("PATCH", "/projects/\(id)", json: ["appStoreId": appStoreId], token: token)
            XCTAssertEqual(patched.status, 200, patched.text)
        }
        return (id, try XCTUnwrap(created.json["appId"] as? String))
    }

    /// `newProject`'s ID.
    func createProject(
        name: String = "App", chatMode: String? = nil, appStoreId: String? = nil,
        token: String = OperatorAPI.token
    ) throws -> String {
        try newProject(name: name, chatMode: chatMode, appStoreId: appStoreId, token: token).id
    }

    /// An organization made by the instance operator (named as its slug unless told, on the
    /// default plan unless told); the write token it comes with.
    func createOrganization(slug: String, name: String? = nil, plan: String? = nil) throws -> String {
        var body: [String: Any] = ["slug": slug, "name": name ?? slug]
        if let plan { body["plan"] = plan }
        let created = try call("POST", "/organizations", json: body)
        XCTAssertEqual(created.status, 201, created.text)
        return try XCTUnwrap((created.json["token"] as? [String: Any])?["token"] as? String)
    }

    /// The ID of the organization `token` belongs to.
    func organizationId(token: String = OperatorAPI.token) throws -> String {
        let organization = try call("GET", "/organization", token: token)
        return try XCTUnwrap(
            (organization.json["organization"] as? [String: Any])?["id"] as? String ?? organization.json["id"] as? String)
    }

    /// Sets the caller's organization plan through the operator API.
    func setPlan(_ plan: String) throws {
        let changed = try call("PATCH", "/organizations/\(try organizationId())", json: ["plan": plan])
        XCTAssertEqual(changed.status, 200, changed.text)
    }

    /// A new token of the organization `token` belongs to, with `scope` (`read` or `write`); its text.
    func createToken(name: String, scope: String, token: String = OperatorAPI.token) throws -> String {
        let created = try call("POST", "/tokens", json: ["name": name, "scope": scope], token: token)
        XCTAssertEqual(created.status, 201, created.text)
        return try XCTUnwrap(created.json["token"] as? String)
    }
}
