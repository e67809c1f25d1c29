import XCTest

@testable import ASOService
@testable import HubMessaging

/// Provider failures are distinct errors, never empty results: 502 `PROVIDER_UNAVAILABLE`,
/// 503 `PROVIDER_RATE_LIMITED` with the provider's retry delay.
final class ASOProviderFailureTests: XCTestCase {
    var fixture: ASOServiceFixture!

    override func setUpWithError() throws { fixture = try ASOServiceFixture() }
    override func tearDown() { fixture?.shutdown() }

    private func failure(_ term: String) -> RPCError? {
        if case .failure(let error) = fixture.explore(term) { return error }
        return nil
    }

    func testServerErrorIsProviderUnavailable() throws {
        // Given
        try fixture.fake.script(term: "down", status: 500)
        // When
        let error = try XCTUnwrap(failure("down"))
        // Then
        XCTAssertEqual(error.code, "PROVIDER_UNAVAILABLE")
        XCTAssertEqual(error.status, 502)
        XCTAssertTrue(error.message.contains("HTTP 500"), error.message)
    }

    func testThrottlingIsRateLimitedWithTheProvidersRetryAfter() throws {
        // Given a provider answering 429 with Retry-After: 17
        try fixture.fake.script(term: "busy", status: 429, retryAfter: 17)
        // When
        let error = try XCTUnwrap(failure("busy"))
        // Then
        XCTAssertEqual(error.code, "PROVIDER_RATE_LIMITED")
        XCTAssertEqual(error.status, 503)
        XCTAssertEqual(error.fields?["retryAfter"], ["17"])
    }

    func testAppleStyle403ThrottleWithoutRetryAfterGetsTheDefaultDelay() throws {
        // Given
        try fixture.fake.script(term: "blocked", status: 403)
        // When
        let error = try XCTUnwrap(failure("blocked"))
        // Then
        XCTAssertEqual(error.code, "PROVIDER_RATE_LIMITED")
        XCTAssertEqual(error.fields?["retryAfter"], ["60"])
    }

    func testUnreadableAnswerIsUnavailableNotEmpty() throws {
        // Given a 200 whose body is not a result list
        try fixture.fake.script(term: "garbled", body: "<html>maintenance</html>")
        // When
        let error = try XCTUnwrap(failure("garbled"))
        // Then
        XCTAssertEqual(error.code, "PROVIDER_UNAVAILABLE")
        XCTAssertTrue(error.message.contains("unreadable"), error.message)
        XCTAssertEqual(try fixture.db.scalar("SELECT COUNT(*) FROM observations").intValue, 0)
    }

    func testAGenuineEmptyAnswerIsAnEmptyObservation() throws {
        // Given a provider that finds nothing
        try fixture.fake.script(term: "zzqx", results: [])
        // When
        let response = try fixture.explore("zzqx").get()
        // Then it is results: [] (a real observation), with thin-evidence difficulty
        XCTAssertEqual(response.results, [])
        XCTAssertEqual(response.difficulty, ASODifficulty(score: 0, label: .low, provisional: true))
    }

    func testUnreachableProviderIsUnavailable() throws {
        // Given an Explorer pointed at a port nothing listens on
        fixture.shutdown()
        fixture = try ASOServiceFixture(itunesURL: "http://127.0.0.1:1")
        // When
        let error = try XCTUnwrap(failure("anything"))
        // Then
        XCTAssertEqual(error.code, "PROVIDER_UNAVAILABLE")
        XCTAssertTrue(error.message.contains("HTTP_COULD_NOT_CONNECT"), error.message)
    }

    func testSlowProviderTimesOutAsUnavailable() throws {
        // Given a provider slower than the client's 3 s total timeout
        try fixture.fake.script(term: "slow", delayMs: 4_000)
        // When
        let error = try XCTUnwrap(failure("slow"))
        // Then
        XCTAssertEqual(error.code, "PROVIDER_UNAVAILABLE")
        XCTAssertTrue(error.message.contains("HTTP_TIMED_OUT"), error.message)
    }
}
