import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime

/// Requests and responses through a real server: routing, query, JSON bodies, error
/// envelopes, correlation IDs and the access log.
final class HTTPServerTests: XCTestCase {
    private struct NewItem: Codable {
        let title: String
        let count: Int
    }
    private struct LeakyError: Error, CustomStringConvertible { var description: String { "db password hunter2" } }

    private func makeFixture() throws -> TestServerFixture {
        try TestServerFixture { router in
            router.add("GET", "/api/v1/ideas/{handle}/vote") { request in
                .json(["route": "param", "handle": request.pathParameters["handle"] ?? ""])
            }
            router.add("PUT", "/api/v1/ideas/{handle}/vote") { _ in .noContent }
            router.add("GET", "/api/v1/ideas/new/vote") { _ in .json(["route": "literal"]) }
            router.add("GET", "/query") { request in
                .json([
                    "path": [request.path], "raw": [request.rawQuery ?? ""],
                    "first": request.query.keys.sorted().map { "\($0)=\(request.query[$0]!)" },
                    "items": request.queryItems.map { "\($0.0)=\($0.1)" },
                ])
            }
            router.add("GET", "/files/{name}") { request in .text(request.pathParameters["name"] ?? "") }
            router.add("POST", "/items") { request in
                let item = try request.decodeJSON(NewItem.self)
                return .json(["title": item.title, "count": String(item.count)], status: 201)
            }
            router.add("GET", "/boom") { _ in throw LeakyError() }
            router.add("GET", "/limited") { _ in throw APIError.rateLimited(retryAfter: 7) }
        }
    }

    func testPathParametersAreDecodedAndLiteralSegmentsWin() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let param = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/api/v1/ideas/my%20idea/vote")
        let literal = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/api/v1/ideas/new/vote")
        let slash = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/files/a%2Fb")
        // Then
        XCTAssertEqual(param.status, 200)
        XCTAssertEqual(param.json["handle"] as? String, "my idea")
        XCTAssertEqual(param.header("Content-Type"), "application/json")
        XCTAssertEqual(literal.json["route"] as? String, "literal")
        XCTAssertEqual(slash.text, "a/b")
    }

    func testUnknownPathIs404EnvelopeWithTheCallersCorrelationId() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/nope", headers: [("X-Correlation-Id", "client-abc.123:x")])
        // Then
        XCTAssertEqual(response.status, 404)
        XCTAssertEqual(response.header("X-Correlation-Id"), "client-abc.123:x")
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        XCTAssertEqual(
            response.text,
            #"{"error":{"code":"NOT_FOUND","message":"The requested resource was not found."},"correlationId":"client-abc.123:x"}"#)
    }

    func testWrongMethodIs405WithAllowAndCorrelationIdInBody() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(port: fixture.port, "DELETE", "/api/v1/ideas/x/vote")
        // Then
        XCTAssertEqual(response.status, 405)
        XCTAssertEqual(response.errorCode, "METHOD_NOT_ALLOWED")
        XCTAssertEqual(response.header("Allow"), "GET, HEAD, PUT")
        let headerId = try XCTUnwrap(response.header("X-Correlation-Id"))
        XCTAssertEqual(response.json["correlationId"] as? String, headerId)
    }

    func testInvalidIncomingCorrelationIdIsReplacedByAGeneratedOne() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let tooShort = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/nope", headers: [("X-Correlation-Id", "abc")])
        let badChars = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/nope", headers: [("X-Correlation-Id", "abc def ghi")])
        // Then
        for response in [tooShort, badChars] {
            let id = try XCTUnwrap(response.header("X-Correlation-Id"))
            XCTAssertNotNil(TimeSortableID.timestamp(of: id), id)
            XCTAssertEqual(response.json["correlationId"] as? String, id)
        }
    }

    func testQueryIsDecodedWithPlusSpacesAndRepeatedKeys() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/query?q=hello%20world&name=a+b&tag=x&tag=y&flag")
        // Then
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.json["raw"] as? [String], ["q=hello%20world&name=a+b&tag=x&tag=y&flag"])
        XCTAssertEqual(response.json["items"] as? [String], ["q=hello world", "name=a b", "tag=x", "tag=y", "flag="])
        XCTAssertEqual(response.json["first"] as? [String], ["flag=", "name=a b", "q=hello world", "tag=x"])
        XCTAssertEqual(response.json["path"] as? [String], ["/query"])
    }

    func testAQueryOfAThousandParametersIsReadWholeByTheHub() throws {
        // Given a query of 1,000 parameters (10 KB), with a ? inside a value: more than the
        // connection's 16 KB pool holds once libmicrohttpd has parsed them (about 137 already
        // got an empty reply, 200 a connection held open)
        let fixture = try makeFixture()
        let query = "q=a?b" + (1..<1_000).map { "&e=\($0)" }.joined()
        // When it is asked for
        let response = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/query?" + query)
        // Then the handler gets every parameter, in order, and the path without the query
        XCTAssertEqual(response.status, 200)
        let items = try XCTUnwrap(response.json["items"] as? [String])
        XCTAssertEqual(items.count, 1_000)
        XCTAssertEqual(items.first, "q=a?b")
        XCTAssertEqual(items.last, "e=999")
        XCTAssertEqual(response.json["path"] as? [String], ["/query"])
        XCTAssertEqual(response.json["raw"] as? [String], [query])
        // And the connection serves the next request as before
        XCTAssertEqual(try TestHTTPConnection.fetch(port: fixture.port, "GET", "/query?x=1").json["items"] as? [String], ["x=1"])
    }

    func testJSONBodyIsDecoded() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(
            port: fixture.port, "POST", "/items",
            headers: [("Content-Type", "application/json; charset=utf-8")],
            body: Array(#"{"title":"Dark mode","count":3}"#.utf8))
        // Then
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.json["title"] as? String, "Dark mode")
        XCTAssertEqual(response.json["count"] as? String, "3")
    }

    func testPlainTextBodyIs415() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(
            port: fixture.port, "POST", "/items", headers: [("Content-Type", "text/plain")],
            body: Array(#"{"title":"x","count":1}"#.utf8))
        // Then
        XCTAssertEqual(response.status, 415)
        XCTAssertEqual(response.errorCode, "UNSUPPORTED_MEDIA_TYPE")
    }

    func testUnparseableOrMisshapenJSONIs400InvalidJSON() throws {
        // Given
        let fixture = try makeFixture()
        let json = [("Content-Type", "application/json")]
        // When
        let broken = try TestHTTPConnection.fetch(port: fixture.port, "POST", "/items", headers: json, body: Array("{bad".utf8))
        let missing = try TestHTTPConnection.fetch(port: fixture.port, "POST", "/items", headers: json, body: Array(#"{"count":1}"#.utf8))
        // Then
        XCTAssertEqual(broken.status, 400)
        XCTAssertEqual(broken.errorCode, "INVALID_JSON")
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.errorCode, "INVALID_JSON")
        let error = try XCTUnwrap(missing.json["error"] as? [String: Any])
        XCTAssertTrue((error["message"] as? String ?? "").contains("title"))
        XCTAssertNotNil((error["fields"] as? [String: Any])?["title"])
    }

    func testNonAPIErrorIsGeneric500WithoutItsText() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/boom")
        // Then
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(response.errorCode, "INTERNAL")
        XCTAssertFalse(response.text.contains("hunter2"))
        XCTAssertEqual(response.json["correlationId"] as? String, response.header("X-Correlation-Id"))
    }

    func testAPIErrorHeadersAreSent() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/limited")
        // Then
        XCTAssertEqual(response.status, 429)
        XCTAssertEqual(response.errorCode, "RATE_LIMITED")
        XCTAssertEqual(response.header("Retry-After"), "7")
    }

    func testAccessLogHasRouteAndStatusButNoSecrets() throws {
        // Given
        let fixture = try makeFixture()
        // When
        let response = try TestHTTPConnection.fetch(
            port: fixture.port, "GET", "/query?app_id=demo&voter_token=VoterSecret1234567890",
            headers: [
                ("X-AppNorth-Identity-Signature", "abcdef0123456789sig"), ("Authorization", "Bearer an_TopSecretApiToken0001"),
                ("X-AppNorth-Identity-Email", "someone@example.com"),
            ])
        // Then
        XCTAssertEqual(response.status, 200)
        let lines = fixture.accessLogLines(atLeast: 1)
        XCTAssertEqual(lines.count, 1)
        let line = try XCTUnwrap(lines.first)
        let fields = jsonObject(line)
        XCTAssertEqual(fields["method"] as? String, "GET")
        XCTAssertEqual(fields["route"] as? String, "/query")
        XCTAssertEqual(fields["status"] as? Int, 200)
        XCTAssertNotNil(fields["duration_ms"] as? Double)
        XCTAssertEqual(fields["correlation_id"] as? String, response.header("X-Correlation-Id"))
        XCTAssertTrue((fields["path"] as? String ?? "").hasPrefix("/query?app_id=demo&voter_token="))
        for secret in ["VoterSecret1234567890", "abcdef0123456789sig", "TopSecretApiToken0001", "someone@example.com"] {
            XCTAssertFalse(line.contains(secret), "log leaks \(secret): \(line)")
        }
    }

    func testObserverGetsRoutePatternOrUnmatched() throws {
        // Given
        let fixture = try makeFixture()
        // When
        _ = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/api/v1/ideas/abc/vote")
        _ = try TestHTTPConnection.fetch(port: fixture.port, "GET", "/missing")
        _ = fixture.accessLogLines(atLeast: 2)
        // Then
        let entries = fixture.observer.entries
        XCTAssertEqual(entries.map(\.route), ["/api/v1/ideas/{handle}/vote", "unmatched"])
        XCTAssertEqual(entries.map(\.status), [200, 404])
        XCTAssertTrue(entries.allSatisfy { $0.duration >= 0 && $0.duration < 5 })
    }

    func testHeadIsServedByGetWithoutBody() throws {
        // Given
        let fixture = try makeFixture()
        let connection = try TestHTTPConnection(port: fixture.port)
        // When
        let head = try connection.request("HEAD", "/api/v1/ideas/abc/vote")
        let get = try connection.request("GET", "/api/v1/ideas/abc/vote")
        // Then
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(get.json["handle"] as? String, "abc")
    }
}
