import XCTest

@testable import HubDaemon

/// asod's settings: defaults, and refusals of values that cannot work.
final class ASOConfigTests: XCTestCase {
    func testDefaults() throws {
        // Given / When
        let config = try HubConfig(environment: [:], currentDirectory: "/tmp")
        // Then
        XCTAssertEqual(config.itunesURL, "https://itunes.apple.com")
        XCTAssertEqual(config.asoInterval, 86_400)
        XCTAssertEqual(config.asoCallsPerMinute, 20)
        XCTAssertEqual(config.asoSearchLimit, 100)
    }

    func testValuesAreReadAndBadOnesRefused() throws {
        // Given
        let env = [
            "APPNORTH_ITUNES_URL": "http://127.0.0.1:9000/", "APPNORTH_ASO_INTERVAL_S": "0",
            "APPNORTH_ASO_CALLS_PER_MIN": "0", "APPNORTH_ASO_SEARCH_LIMIT": "200",
        ]
        // When
        let config = try HubConfig(environment: env, currentDirectory: "/tmp")
        // Then the trailing slash is dropped and 0 means on demand only / no pacing
        XCTAssertEqual(config.itunesURL, "http://127.0.0.1:9000")
        XCTAssertEqual(config.asoInterval, 0)
        XCTAssertEqual(config.asoCallsPerMinute, 0)
        XCTAssertEqual(config.asoSearchLimit, 200)
        XCTAssertThrowsError(try HubConfig(environment: ["APPNORTH_ITUNES_URL": "ftp://x"], currentDirectory: "/tmp"))
        XCTAssertThrowsError(try HubConfig(environment: ["APPNORTH_ASO_SEARCH_LIMIT": "201"], currentDirectory: "/tmp"))
        XCTAssertThrowsError(try HubConfig(environment: ["APPNORTH_ASO_CALLS_PER_MIN": "-1"], currentDirectory: "/tmp"))
    }
}
