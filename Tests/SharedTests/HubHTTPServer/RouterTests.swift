import XCTest

@testable import HubHTTPServer

final class RouterTests: XCTestCase {
    private func router() -> Router {
        let router = Router()
        router.add("GET", "/api/v1/ideas") { _ in .noContent }
        router.add("POST", "/api/v1/ideas") { _ in .noContent }
        router.add("GET", "/api/v1/ideas/{handle}") { _ in .noContent }
        router.add("GET", "/api/v1/ideas/top") { _ in .noContent }
        router.add("PUT", "/api/v1/ideas/{handle}/vote") { _ in .noContent }
        router.add("POST", "/api/v1/ideas/{id}/comments") { _ in .noContent }
        router.add("GET", "/api/v1/{section}/top") { _ in .noContent }
        return router
    }

    func testParametersAreCapturedAndDecoded() throws {
        // Given
        let router = router()
        // When
        let vote = try router.match(method: "PUT", path: "/api/v1/ideas/dark%20mode/vote")
        let comments = try router.match(method: "POST", path: "/api/v1/ideas/a%2Fb/comments")
        // Then
        XCTAssertEqual(vote.route.pattern, "/api/v1/ideas/{handle}/vote")
        XCTAssertEqual(vote.parameters, ["handle": "dark mode"])
        XCTAssertEqual(comments.parameters, ["id": "a/b"])
    }

    func testLiteralSegmentWinsOverParameter() throws {
        // Given
        let router = router()
        // When
        let literal = try router.match(method: "GET", path: "/api/v1/ideas/top")
        let parameter = try router.match(method: "GET", path: "/api/v1/ideas/other")
        let deeper = try router.match(method: "GET", path: "/api/v1/boards/top")
        // Then
        XCTAssertEqual(literal.route.pattern, "/api/v1/ideas/top")
        XCTAssertEqual(literal.parameters, [:])
        XCTAssertEqual(parameter.route.pattern, "/api/v1/ideas/{handle}")
        XCTAssertEqual(deeper.route.pattern, "/api/v1/{section}/top")
        XCTAssertEqual(deeper.parameters, ["section": "boards"])
    }

    func testUnknownPathIsNotFound() {
        // Given
        let router = router()
        // When / Then
        for path in ["/api/v1/nothing", "/api/v1/ideas/x/vote/extra", "/api/v1/ideas//vote", "/"] {
            XCTAssertThrowsError(try router.match(method: "GET", path: path), path) { error in
                XCTAssertEqual((error as? APIError)?.status, 404, path)
                XCTAssertEqual((error as? APIError)?.code, "NOT_FOUND", path)
            }
        }
    }

    func testOtherMethodIs405WithAllow() {
        // Given
        let router = router()
        // When / Then
        XCTAssertThrowsError(try router.match(method: "DELETE", path: "/api/v1/ideas")) { error in
            let apiError = error as? APIError
            XCTAssertEqual(apiError?.status, 405)
            XCTAssertEqual(apiError?.code, "METHOD_NOT_ALLOWED")
            XCTAssertEqual(apiError?.headers.first { $0.0 == "Allow" }?.1, "GET, HEAD, POST")
        }
    }

    func testHeadFallsBackToGet() throws {
        // Given
        let router = router()
        // When
        let match = try router.match(method: "HEAD", path: "/api/v1/ideas/x")
        // Then
        XCTAssertEqual(match.route.method, "GET")
        XCTAssertEqual(match.route.pattern, "/api/v1/ideas/{handle}")
    }

    func testRouteLimitIsKept() throws {
        // Given
        let router = Router()
        router.add("POST", "/upload", maxBodyBytes: 4096) { _ in .noContent }
        // When
        let match = try router.match(method: "POST", path: "/upload")
        // Then
        XCTAssertEqual(match.route.maxBodyBytes, 4096)
    }
}
