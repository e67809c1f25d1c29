import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import IngestService

/// Issue "Hardening" against a running hub: what one anonymous client can no longer do to it,
/// and whose address a rate limit counts behind a proxy.
final class HubRequestLimitsTests: XCTestCase {
    private func report() -> [String: Any] {
        [
            "type": "problem", "message": "The save button does nothing.", "pageURL": "https://app.example.com/settings",
            "viewport": ["width": 390, "height": 844],
        ]
    }

    func testAnUploadWithABadSignatureIsAnsweredBeforeAnyBodyByteIsSent() throws {
        // Given a hub with an upload URL whose signature is wrong
        let community = try CommunityFixture()
        defer { community.shutdown() }
        let port = community.hub.app!.server.port
        let connection = try TestHTTPConnection(port: port, timeout: 2)
        // When the largest photo upload is announced and not one body byte follows
        try connection.send(
            "PUT /api/v1/chat/uploads/0000000000000000?contentType=image%2Fjpeg&byteSize=5242880&expires=9999999999"
                + "&sig=AAAA HTTP/1.1\r\nHost: x\r\nContent-Type: image/jpeg\r\nContent-Length: 5242880\r\n\r\n")
        let response = try connection.readResponse()
        // Then the refusal arrives at once
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.errorCode, "SIGNATURE_INVALID")
    }

    func testBodiesOfUnknownAppsMissingTokensAndSpentBudgetsAreRefusedFromTheirHead() throws {
        // Given a hub whose feedback budget for this client is spent
        let community = try CommunityFixture(environment: ["APPNORTH_FEEDBACK_RATE_PER_MIN": "1"])
        defer { community.shutdown() }
        XCTAssertEqual(try community.send("POST", "/feedback", report()).status, 201)
        let port = community.hub.app!.server.port
        func head(_ line: String, _ headers: String = "") throws -> TestHTTPResponse {
            let connection = try TestHTTPConnection(port: port, timeout: 2)
            try connection.send(
                line + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nOrigin: http://localhost\r\n"
                    + headers + "Content-Length: 3000000\r\n\r\n")
            return try connection.readResponse()
        }
        // When heads with 3 MB bodies that never come arrive
        let unknownApp = try head("POST /api/v1/feedback?app_id=app_nope&voter_token=voter-token-0000000001")
        let spent = try head("POST /api/v1/feedback?app_id=\(community.project.appId)&voter_token=voter-token-0000000001")
        let noToken = try head("POST /api/admin/v1/projects")
        let badToken = try head("POST /api/admin/v1/projects", "Authorization: Bearer an_\(String(repeating: "x", count: 40))\r\n")
        // Then each is answered from its head
        XCTAssertEqual(unknownApp.status, 404)
        XCTAssertEqual(unknownApp.errorCode, "PROJECT_NOT_FOUND")
        XCTAssertEqual(spent.status, 429)
        XCTAssertNotNil(spent.header("Retry-After"))
        XCTAssertEqual(noToken.status, 401)
        XCTAssertEqual(noToken.header("WWW-Authenticate"), "Bearer")
        XCTAssertEqual(badToken.status, 401)
    }

    func testAThousandIdleConnectionsFromOneAddressLeaveHealthzAnswering() throws {
        // Given a hub and room for a thousand sockets in this process
        try requireDescriptors(4_096)
        let hub = try HubHarness()
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let port = hub.app!.server.port
        // When one address opens 1,000 connections and sends nothing
        var idle: [TestHTTPConnection] = []
        for _ in 0..<1_000 { idle.append(try TestHTTPConnection(port: port, timeout: 1)) }
        // Then /healthz from another loopback address answers in under a second
        let started = Date()
        let health = try TestHTTPConnection(port: port, timeout: 1, from: "127.0.0.2").request("GET", "/healthz")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        XCTAssertNotNil(health.json["status"], health.text)
        // And the first address holds 64 of its thousand
        XCTAssertTrue(eventually { hub.app!.server.connections.connections(from: "127.0.0.1") == 64 })
        XCTAssertEqual(idle.count, 1_000)
    }

    func testBehindATrustedProxyTheForwardedClientIsRateLimited() throws {
        // Given a hub behind a proxy at 127.0.0.1
        let community = try CommunityFixture(environment: ["APPNORTH_TRUSTED_PROXIES": "127.0.0.1"])
        defer { community.shutdown() }
        func submit(from client: String) throws -> HubReply {
            try community.send("POST", "/feedback", report(), headers: [("X-Forwarded-For", "203.0.113.66, " + client)])
        }
        // When one client sends 21 reports in a minute and another sends one
        let first = try (0..<21).map { _ in try submit(from: "198.51.100.7") }
        let other = try submit(from: "198.51.100.8")
        // Then the 21st of the first is limited, the other passes
        XCTAssertEqual(first.prefix(20).map(\.status), Array(repeating: 201, count: 20))
        XCTAssertEqual(first[20].status, 429)
        XCTAssertEqual(first[20].code, "RATE_LIMITED")
        XCTAssertEqual(other.status, 201)
    }

    func testWithoutTrustedProxiesASpoofedForwardedForChangesNothing() throws {
        // Given a hub with no trusted proxy
        let community = try CommunityFixture()
        defer { community.shutdown() }
        // When one client claims a new address on each of 21 reports
        let replies = try (0..<21).map {
            try community.send("POST", "/feedback", report(), headers: [("X-Forwarded-For", "198.51.100.\($0)")])
        }
        // Then they all count against the one socket address
        XCTAssertEqual(replies.prefix(20).map(\.status), Array(repeating: 201, count: 20))
        XCTAssertEqual(replies[20].status, 429)
    }

    func testNoLogLineCarriesAPhotoURLsSignature() throws {
        // Given the whole photo flow: upload, completion, sending, reading back
        let chat = try ChatHTTPFixture()
        defer { chat.shutdown() }
        let photos = ChatPhotoFixture(chat: chat)
        let bytes = try TestImages.pillow("small_jpeg")
        let started = try photos.start("image/jpeg", bytes.count)
        let uploadURL = try XCTUnwrap(started.json["uploadUrl"] as? String)
        XCTAssertEqual(try photos.raw("PUT", uploadURL, headers: [("Content-Type", "image/jpeg")], body: bytes).status, 204)
        let done = try photos.complete(try XCTUnwrap(started.json["uploadToken"] as? String))
        XCTAssertEqual(done.status, 201, done.text)
        let imageToken = try XCTUnwrap(done.json["imageToken"] as? String)
        let sent = try chat.post("/chat/messages", ["body": "", "imageTokens": [imageToken]])
        XCTAssertEqual(sent.status, 201, sent.text)
        let readURL = try XCTUnwrap(((sent.json["images"] as? [[String: Any]])?.first)?["url"] as? String)
        XCTAssertEqual(try photos.raw("GET", readURL).status, 200)
        // Then no daemon's log holds any signature or token the flow handed out
        let secrets =
            try [uploadURL, readURL].map { url -> String in
                try XCTUnwrap(URLComponents(string: url)?.queryItems?.first { $0.name == "sig" }?.value)
            } + [try XCTUnwrap(started.json["uploadToken"] as? String), imageToken]
        XCTAssertTrue(eventually { chat.hub.logSink.lines.contains { $0.contains("/api/v1/chat/media") } }, "the read was logged")
        for line in chat.hub.logSink.lines {
            for secret in secrets { XCTAssertFalse(line.contains(secret), "a secret in: \(line)") }
        }
        XCTAssertTrue(chat.hub.logSink.lines.contains { $0.contains("sig=[redacted]") })
    }
}
