import Foundation
import TestSupport
import XCTest

@testable import HubAppStoreConnect
@testable import HubCrypto
@testable import HubHTTPClient
@testable import HubRuntime

/// The App Store Connect client against a fake of Apple's API (JSON:API over HTTP/2 and TLS)
/// that checks every token with its own ES256 implementation.
final class ASCClientTests: XCTestCase {
    private var fake: FixtureProcess!
    private var control: HTTPClient!
    private let issuer = "69a6de70-03db-47e3-e053-5b8c7c11a4d1"
    private let keyId = "2X9R4HXF34"
    private var key: ES256PrivateKey!

    override func setUpWithError() throws {
        fake = try FixtureProcess(script: "fake_asc.py", lineCount: 2)
        control = HTTPClient(options: options())
        key = ES256PrivateKey.generate()
        let apps = (1...5).map {
            [
                "id": "\(1_000 + $0)", "name": "App \($0)", "bundleId": "com.example.app\($0)", "sku": "SKU\($0)",
                "primaryLocale": "en-US",
            ]
        }
        try post("/__control/state", ["keys": [keyId: ["issuer": issuer, "publicKeyPem": key.publicKeyPEM]], "apps": apps])
    }

    override func tearDown() { fake?.stop() }

    private var base: String { "https://127.0.0.1:\(fake.port)" }

    private func options(timeout: TimeInterval = 5) -> HTTPClientOptions {
        var options = HTTPClientOptions()
        options.extraCAFile = fake.lines[1]
        options.totalTimeout = timeout
        return options
    }

    private func post(_ path: String, _ body: Any) throws {
        let bytes = Array(try JSONSerialization.data(withJSONObject: body))
        let response = try control.send(
            HTTPClientRequest(method: "POST", url: base + path, headers: [("Content-Type", "application/json")], body: bytes))
        XCTAssertEqual(response.status, 200)
    }

    private func log() throws -> [[String: Any]] {
        let response = try control.send(HTTPClientRequest(url: base + "/__control/log"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
    }

    private func client(key: ES256PrivateKey? = nil, clock: Clock = SystemClock(), timeout: TimeInterval = 5) -> ASCClient {
        ASCClient(
            baseURL: base, credentials: ASCCredentials(issuerId: issuer, keyId: keyId, privateKey: key ?? self.key),
            http: HTTPClient(options: options(timeout: timeout)), clock: clock)
    }

    private struct App: Decodable {
        let name: String
        let bundleId: String
    }

    func testListsFollowPagesWithOneTokenTheFakeVerifiesIndependently() throws {
        // When the five apps are listed two per page
        let apps = try client().list("/v1/apps", query: [("limit", "2")], as: App.self)
        // Then all five arrive in order, over three requests
        XCTAssertEqual(apps.map(\.id), ["1001", "1002", "1003", "1004", "1005"])
        XCTAssertEqual(apps.first?.attributes?.bundleId, "com.example.app1")
        let requests = try log()
        XCTAssertEqual(requests.count, 3)
        // And each carried the same token, valid for the fake: ES256, kid, iss, aud, at most 20 minutes
        XCTAssertEqual(Set(requests.compactMap { $0["authorization"] as? String }).count, 1)
        for request in requests {
            let jwt = try XCTUnwrap(request["jwt"] as? [String: Any])
            XCTAssertEqual(jwt["valid"] as? Bool, true, "\(jwt)")
            let claims = try XCTUnwrap(jwt["claims"] as? [String: Any])
            XCTAssertEqual(claims["aud"] as? String, "appstoreconnect-v1")
            XCTAssertEqual((claims["exp"] as? Int ?? 0) - (claims["iat"] as? Int ?? 0), 1200)
            XCTAssertEqual((jwt["header"] as? [String: Any])?["kid"] as? String, keyId)
        }
    }

    func testATokenIsReplacedBeforeItExpires() throws {
        // Given a client on a clock we move
        let start = Date()
        let clock = ManualClock(start)
        let asc = client(clock: clock)
        _ = try asc.get("/v1/apps/1001", as: App.self)
        // When 18 minutes pass, then 19.5 (less than a minute before the 20-minute expiry)
        clock.set(start.addingTimeInterval(18 * 60))
        _ = try asc.get("/v1/apps/1001", as: App.self)
        clock.set(start.addingTimeInterval(19 * 60 + 30))
        _ = try asc.get("/v1/apps/1001", as: App.self)
        // Then the first two calls shared a token and the third used a new one
        let tokens = try log().compactMap { $0["authorization"] as? String }
        XCTAssertEqual(tokens.count, 3)
        XCTAssertEqual(tokens[0], tokens[1])
        XCTAssertNotEqual(tokens[1], tokens[2])
    }

    func testAnotherKeyIsRejectedAndCredentialsAreCheckedBeforeUse() throws {
        // When a key the fake does not know signs the token
        XCTAssertThrowsError(try client(key: .generate()).list("/v1/apps", as: App.self)) { error in
            XCTAssertEqual(error as? ASCError, .credentialsRejected(status: 401))
            XCTAssertEqual((error as? ASCError)?.code, "CREDENTIALS_REJECTED")
        }
        // And malformed entries never reach Apple
        XCTAssertThrowsError(try ASCCredentials(issuerId: "nope", keyId: keyId, privateKeyPEM: key.pkcs8PEM)) {
            XCTAssertEqual(($0 as? ASCError)?.code, "INVALID_CREDENTIALS")
        }
        XCTAssertThrowsError(try ASCCredentials(issuerId: issuer, keyId: "short", privateKeyPEM: key.pkcs8PEM)) {
            XCTAssertEqual(($0 as? ASCError)?.code, "INVALID_CREDENTIALS")
        }
        XCTAssertThrowsError(
            try ASCCredentials(
                issuerId: issuer, keyId: keyId, privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----")
        ) {
            XCTAssertEqual($0 as? ASCError, .credentialsUnreadable)
        }
        // And the credentials never print their key
        let credentials = try ASCCredentials(issuerId: issuer.uppercased(), keyId: keyId, privateKeyPEM: key.pkcs8PEM)
        XCTAssertEqual(credentials.issuerId, issuer)
        XCTAssertFalse("\(credentials)".contains("PRIVATE"))
    }

    func testFailuresAreTypedAndWritesWithUnknownOutcomesSaySo() throws {
        // Given scripted answers: a 503 on a read, a 500 and a slow answer on writes, a 409 with Apple's detail
        try post("/__control/script", ["method": "GET", "path": "/v1/apps/1001", "responses": [["status": 503]]])
        try post(
            "/__control/script",
            [
                "method": "PATCH", "path": "/v1/apps/1001",
                "responses": [
                    ["status": 500], ["status": 200, "delayMs": 1_500],
                    [
                        "status": 409,
                        "body": ["errors": [["status": "409", "code": "ENTITY_ERROR.ATTRIBUTE.INVALID", "detail": "too long"]]],
                    ],
                ],
            ])
        let asc = client(timeout: 1)
        // Then each failure has its own type
        XCTAssertThrowsError(try asc.get("/v1/apps/1001", as: App.self)) {
            XCTAssertEqual(($0 as? ASCError)?.code, "STORE_UNAVAILABLE")
        }
        let body: [String: Any] = ["data": ["type": "apps", "id": "1001", "attributes": ["name": "New"]]]
        XCTAssertThrowsError(try asc.write("PATCH", "/v1/apps/1001", body: body, as: App.self)) {
            XCTAssertEqual(($0 as? ASCError)?.code, "OUTCOME_UNKNOWN")
        }
        XCTAssertThrowsError(try asc.write("PATCH", "/v1/apps/1001", body: body, as: App.self)) {
            XCTAssertEqual(($0 as? ASCError)?.code, "OUTCOME_UNKNOWN", "a timed-out write may have reached Apple")
        }
        XCTAssertThrowsError(try asc.write("PATCH", "/v1/apps/1001", body: body, as: App.self)) {
            XCTAssertEqual($0 as? ASCError, .rejected(status: 409, code: "ENTITY_ERROR.ATTRIBUTE.INVALID", detail: "too long"))
        }
        XCTAssertThrowsError(try asc.get("/v1/apps/9999", as: App.self)) {
            XCTAssertEqual(($0 as? ASCError)?.code, "NOT_FOUND")
        }
    }
}
