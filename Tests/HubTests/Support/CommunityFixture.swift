import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// One project of a tenant organization (`acme`, made by the instance operator) on an
/// in-process hub, and the public API as the SDK calls it.
final class CommunityFixture: OperatorAPIClient, PublicAPIClient {
    let hub: HubHarness
    let store: IngestStore
    /// A write token of the project's organization.
    let organizationToken: String
    let project: Project

    var projectId: String { project.id }
    var appId: String { project.appId }

    /// `daemons` besides ingest, e.g. pushd for what ingest's outbox relays.
    init(environment: [String: String] = [:], daemons: [DaemonName] = [.ingest]) throws {
        hub = try HubHarness(environment: OperatorAPI.environment(environment))
        try hub.start(daemons)
        store = hub.app!.store
        organizationToken = try hub.createOrganization(slug: "acme", name: "Acme")
        project = try XCTUnwrap(store.project(id: hub.createProject(token: organizationToken)))
    }

    func shutdown() { hub.shutdown() }

    /// The `items` of a page.
    func items(_ path: String, _ query: [String: String] = [:], token: String? = PublicAPI.voterToken) throws -> [[String: Any]] {
        let reply = try get(path, query, token: token)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.items
    }

    /// Creates an idea over HTTP on `board` and returns its JSON (the creation's `value`).
    @discardableResult
    func createIdea(
        title: String, description: String = "", board: String = "ideas", token: String? = PublicAPI.voterToken,
        headers: [(String, String)] = []
    ) throws -> [String: Any] {
        let reply = try send(
            "POST", "/ideas", ["board": board, "title": title, "description": description], token: token, headers: headers)
        XCTAssertEqual(reply.status, 201, reply.text)
        return reply.json["value"] as? [String: Any] ?? [:]
    }

    @discardableResult
    func addBoard(_ slug: String, moderation: BoardModeration = .none, policies: BoardPolicies = .open) throws -> String {
        try store.db.transaction {
            try store.insertBoard(
                projectId: project.id, slug: slug, name: slug.capitalized, description: nil, moderation: moderation,
                policies: policies, statuses: nil)
        }
    }
}
