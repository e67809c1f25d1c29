import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// What an operator token may change: market data only as the instance operator, state only
/// with `write`, and a revoked bootstrap token stays revoked.
final class AdminTenancyTests: XCTestCase {
    func testOnlyTheInstanceOperatorImportsMarketRecords() throws {
        // Given a second organization with a write token
        let f = try MarketHubFixture(limit: 5)
        defer { f.shutdown() }
        let acme = try f.createOrganization(slug: "acme", name: "Acme")
        let line = String(
            decoding: try JSONSerialization.data(
                withJSONObject:
                    MarketHubFixture.estimate("e1", app: 1, value: 10, start: "2026-10-01", end: "2026-10-31")), as: UTF8.self)
        // When it imports a record
        let refused = try f.call("POST", "/market/records", body: Array(line.utf8), contentType: "application/x-ndjson", token: acme)
        // And announces a 4 MiB batch it never sends
        let connection = try TestHTTPConnection(port: f.hub.app!.server.port, timeout: 2)
        try connection.send(
            "POST /api/admin/v1/market/records HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(acme)\r\n"
                + "Content-Type: application/x-ndjson\r\nContent-Length: 4194304\r\n\r\n")
        let early = try connection.readResponse()
        // Then both are 403 and nothing was written; the operator's own import still works
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(refused.code, "FORBIDDEN")
        XCTAssertEqual(early.status, 403)
        XCTAssertEqual(try f.marketDB.scalar("SELECT count(*) FROM records").intValue, 0)
        XCTAssertEqual(
            try f.importRecords([
                MarketHubFixture.estimate(
                    "e1", app: 1, value: 10, start: "2026-10-01",
                    end: "2026-10-31")
            ]).status, 200)
    }

    func testAReadTokenReadsAConversationWithoutMarkingItRead() throws {
        // Given a user's message and a read token of the same organization
        let chat = try ChatHTTPFixture()
        defer { chat.shutdown() }
        _ = try chat.send("Where is my invoice?")
        let id = try chat.conversationId()
        let reader = try chat.createToken(name: "Viewer", scope: "read")
        func read(_ query: String, as token: String) throws -> Int {
            try chat.call("GET", "/conversations/\(id)/messages" + query, token: token).status
        }
        func unread() throws -> [String] { try chat.conversations("?unread=true").compactMap { $0["id"] as? String } }
        // When the read token reads, and asks to mark read
        XCTAssertEqual(try read("", as: reader), 200)
        XCTAssertEqual(try read("?markRead=false", as: reader), 200)
        let asked = try read("?markRead=true", as: reader)
        // Then the conversation is still unread, and asking was refused
        XCTAssertEqual(asked, 403)
        XCTAssertEqual(try unread(), [id])
        // When a write token reads with markRead=false, it stays unread; a plain read marks it
        XCTAssertEqual(try read("?markRead=false", as: OperatorAPI.token), 200)
        XCTAssertEqual(try unread(), [id])
        XCTAssertEqual(try read("?markRead=maybe", as: OperatorAPI.token), 400)
        XCTAssertEqual(try read("", as: OperatorAPI.token), 200)
        XCTAssertEqual(try unread(), [])
    }

    func testARevokedBootstrapTokenStaysRevokedUntilTheValueChanges() throws {
        // Given a hub bootstrapped with a token the operator then revokes
        let token = "an_" + String(repeating: "r", count: 40)
        let hub = try HubHarness(environment: ["APPNORTH_ADMIN_TOKEN": token])
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let store = hub.app!.store
        let id = try XCTUnwrap(try store.authenticate(token: token)?.id)
        let revoked = try hub.call("DELETE", "/tokens/\(id)", token: token)
        XCTAssertLessThan(revoked.status, 300)
        XCTAssertNil(try store.authenticate(token: token))
        // When ingest starts again with the same value
        hub.stopDaemon(.ingest)
        try hub.start([.ingest])
        // Then it is still revoked, and the start said so
        XCTAssertNil(try hub.app!.store.authenticate(token: token))
        XCTAssertEqual(try hub.call("GET", "/projects", token: token).status, 401)
        XCTAssertTrue(hub.logSink.lines.contains { $0.contains("APPNORTH_ADMIN_TOKEN was revoked") })
    }

    func testADifferentBootstrapValueIsANewLiveToken() throws {
        // Given a revoked bootstrap token
        let old = "an_" + String(repeating: "o", count: 40)
        let new = "an_" + String(repeating: "n", count: 40)
        let first = try HubHarness(environment: ["APPNORTH_ADMIN_TOKEN": old])
        try first.start([.ingest])
        let id = try XCTUnwrap(try first.app!.store.authenticate(token: old)?.id)
        XCTAssertTrue(try first.app!.store.revokeToken(id: id, organizationId: first.app!.store.authenticate(token: old)!.organizationId))
        first.stopDaemon(.ingest)
        // When the operator sets a different value on the same data
        let second = try HubHarness(environment: ["APPNORTH_ADMIN_TOKEN": new, "APPNORTH_DATA_DIR": first.dataDirectory])
        defer { second.shutdown() }
        try second.start([.ingest])
        // Then the new value works in the default organization and the old one does not
        let store = second.app!.store
        let live = try XCTUnwrap(try store.authenticate(token: new))
        XCTAssertEqual(try store.organization(id: live.organizationId)?.slug, "default")
        XCTAssertNil(try store.authenticate(token: old))
    }
}
