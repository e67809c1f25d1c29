import Foundation
import HubCrypto
import TestSupport
import XCTest

@testable import HubRuntime

/// `POST /api/v1/integrations/discord/interactions`: requests signed by Python `cryptography`
/// with a test application key, against an ingest whose clock stands still.
final class DiscordInteractionsTests: XCTestCase {
    /// The test application's Ed25519 private key (an RFC 8032 seed) and its public key.
    static let privateKey = "4f8c1e2d7a9b3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6"
    static let publicKey = "d44cc89f628baef81248badcea9f4946b4813f71e732672217135b6b1b99f106"
    static let path = "/api/v1/integrations/discord/interactions"
    static let now: Int64 = 1_800_000_000
    static let ping = #"{"application_id":"1100000000000000001","id":"1200000000000000002","token":"t0k","type":1,"version":1}"#

    var hub: HubHarness!

    override func tearDown() { hub?.shutdown() }

    private func start(environment: [String: String] = ["DISCORD_PUBLIC_KEY": DiscordInteractionsTests.publicKey]) throws {
        hub = try HubHarness(environment: environment, clock: ManualClock(Date(timeIntervalSince1970: TimeInterval(Self.now))))
        try hub.start([.ingest])
    }

    /// Python's signature over `timestamp + body`, with the test key or, when `privateKey` is
    /// nil, with a key made for this call.
    private func sign(_ timestamp: String, _ body: [UInt8], privateKey: String? = DiscordInteractionsTests.privateKey) throws
        -> (publicKey: String, signature: String)
    {
        let signer = TestPython.fixtures.appendingPathComponent("sign_ed25519.py").path
        let message = Hex.encode(Array(timestamp.utf8) + body)
        let result = try TestPython.run([signer, message] + (privateKey.map { [$0] } ?? []))
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONDecoder().decode([String: String].self, from: Data(result.stdout.utf8))
        return (json["publicKey"] ?? "", json["signature"] ?? "")
    }

    private func post(_ body: [UInt8], headers: [(String, String)]) throws -> HubReply {
        try hub.request("POST", Self.path, headers: headers, body: body, contentType: "application/json")
    }

    /// Signs `body` at `timestamp` with the test key and posts it.
    private func postSigned(_ body: String, at timestamp: Int64) throws -> HubReply {
        let bytes = Array(body.utf8)
        let signed = try sign(String(timestamp), bytes)
        return try post(bytes, headers: [("X-Signature-Ed25519", signed.signature), ("X-Signature-Timestamp", String(timestamp))])
    }

    private func assertInvalidSignature(_ reply: HubReply, _ message: String, line: UInt = #line) {
        XCTAssertEqual(reply.status, 401, "\(message): \(reply.text)", line: line)
        XCTAssertEqual(reply.code, "INVALID_SIGNATURE", message, line: line)
    }

    func testAPingSignedWithTheApplicationKeyIsAnswered() throws {
        // Given a hub configured with the test application's public key
        try start()
        // When Discord's PING arrives signed by Python with that key at the hub's current time
        let signed = try sign(String(Self.now), Array(Self.ping.utf8))
        XCTAssertEqual(signed.publicKey, Self.publicKey)
        let reply = try post(
            Array(Self.ping.utf8), headers: [("X-Signature-Ed25519", signed.signature), ("X-Signature-Timestamp", String(Self.now))])
        // Then the hub answers PONG, as JSON
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.text, #"{"type":1}"#)
        XCTAssertEqual(reply.header("content-type")?.hasPrefix("application/json"), true)
        // And the signature in uppercase hex is the same signature
        let upper = try post(
            Array(Self.ping.utf8),
            headers: [("X-Signature-Ed25519", signed.signature.uppercased()), ("X-Signature-Timestamp", String(Self.now))])
        XCTAssertEqual(upper.status, 200, upper.text)
    }

    func testAnAlteredBodyTimestampOrAnotherKeyIs401() throws {
        // Given a hub with the test key and a PING signed with it
        try start()
        let body = Array(Self.ping.utf8)
        let timestamp = String(Self.now)
        let signed = try sign(timestamp, body)
        XCTAssertEqual(
            try post(body, headers: [("X-Signature-Ed25519", signed.signature), ("X-Signature-Timestamp", timestamp)]).status, 200)
        // When one body byte is flipped, the timestamp is changed by a second, or another key signed it
        var flipped = body
        flipped[10] ^= 0x01
        let otherKey = try sign(timestamp, body, privateKey: nil)
        XCTAssertNotEqual(otherKey.publicKey, Self.publicKey)
        // Then each is 401 INVALID_SIGNATURE
        assertInvalidSignature(
            try post(flipped, headers: [("X-Signature-Ed25519", signed.signature), ("X-Signature-Timestamp", timestamp)]),
            "flipped body byte")
        assertInvalidSignature(
            try post(body, headers: [("X-Signature-Ed25519", signed.signature), ("X-Signature-Timestamp", String(Self.now - 1))]),
            "timestamp not the one signed")
        assertInvalidSignature(
            try post(body, headers: [("X-Signature-Ed25519", otherKey.signature), ("X-Signature-Timestamp", timestamp)]),
            "another key")
    }

    func testTimestampsMoreThanFiveMinutesAwayAreRefused() throws {
        // Given a hub whose clock stands at `now`
        try start()
        // When correctly signed PINGs carry timestamps 4 min 59 s and 5 min 1 s before and after now
        let recent = try postSigned(Self.ping, at: Self.now - 299)
        let old = try postSigned(Self.ping, at: Self.now - 301)
        let soon = try postSigned(Self.ping, at: Self.now + 299)
        let future = try postSigned(Self.ping, at: Self.now + 301)
        // Then within five minutes either way they are answered, beyond it they are 401
        XCTAssertEqual(recent.status, 200, recent.text)
        XCTAssertEqual(soon.status, 200, soon.text)
        assertInvalidSignature(old, "5 min 1 s old")
        assertInvalidSignature(future, "5 min 1 s ahead")
    }

    func testMissingOrMalformedHeadersAre401BeforeTheBodyIsRead() throws {
        // Given a hub with the test key and a valid signature of a PING
        try start()
        let body = Array(Self.ping.utf8)
        let timestamp = String(Self.now)
        let signature = try sign(timestamp, body).signature
        // When a header is missing or malformed
        let cases: [(String, [(String, String)])] = [
            ("no signature", [("X-Signature-Timestamp", timestamp)]),
            ("no timestamp", [("X-Signature-Ed25519", signature)]),
            ("no headers", []),
            ("127 hex digits", [("X-Signature-Ed25519", String(signature.dropLast())), ("X-Signature-Timestamp", timestamp)]),
            ("130 hex digits", [("X-Signature-Ed25519", signature + "00"), ("X-Signature-Timestamp", timestamp)]),
            ("not hex", [("X-Signature-Ed25519", "zz" + signature.dropFirst(2)), ("X-Signature-Timestamp", timestamp)]),
            ("timestamp in ms", [("X-Signature-Ed25519", signature), ("X-Signature-Timestamp", timestamp + "000")]),
            ("timestamp with sign", [("X-Signature-Ed25519", signature), ("X-Signature-Timestamp", "+" + timestamp)]),
            ("timestamp as a date", [("X-Signature-Ed25519", signature), ("X-Signature-Timestamp", "2027-01-15T08:00:00Z")]),
        ]
        for (name, headers) in cases {
            // Then each is 401 INVALID_SIGNATURE
            assertInvalidSignature(try post(body, headers: headers), name)
        }
        // And a missing header is refused from the head: a body over 64 KB is 401, not 413
        let large = [UInt8](repeating: 0x20, count: 100_000)
        assertInvalidSignature(try post(large, headers: [("X-Signature-Timestamp", timestamp)]), "large body, no signature")
        let tooLarge = try post(large, headers: [("X-Signature-Ed25519", signature), ("X-Signature-Timestamp", timestamp)])
        XCTAssertEqual(tooLarge.status, 413, tooLarge.text)
    }

    func testOnlyPingIsSupported() throws {
        // Given a hub with the test key
        try start()
        // When an application command (type 2) and a body that is not JSON arrive correctly signed
        let command = try postSigned(#"{"type":2,"id":"1","application_id":"2","data":{"name":"x"}}"#, at: Self.now)
        let notJSON = try postSigned("type=1", at: Self.now)
        // Then the command is 400 UNSUPPORTED_INTERACTION and the other 400 INVALID_JSON
        XCTAssertEqual(command.status, 400, command.text)
        XCTAssertEqual(command.code, "UNSUPPORTED_INTERACTION")
        XCTAssertEqual(notJSON.status, 400, notJSON.text)
        XCTAssertEqual(notJSON.code, "INVALID_JSON")
    }

    func testWithoutAPublicKeyTheEndpointIs503() throws {
        // Given a hub without DISCORD_PUBLIC_KEY
        try start(environment: [:])
        // When a PING signed with the test key arrives
        let reply = try postSigned(Self.ping, at: Self.now)
        // Then it is 503 DISCORD_NOT_CONFIGURED, whatever the signature
        XCTAssertEqual(reply.status, 503, reply.text)
        XCTAssertEqual(reply.code, "DISCORD_NOT_CONFIGURED")
    }
}
