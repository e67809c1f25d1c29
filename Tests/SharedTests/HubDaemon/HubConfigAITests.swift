import XCTest

@testable import HubDaemon
@testable import HubRuntime

/// `APPNORTH_AI_*`: drafting is off without a URL; a URL needs a model; the key is never printed.
final class HubConfigAITests: XCTestCase {
    private func ai(_ env: [String: String]) throws -> AISettings? {
        try HubConfig(environment: env, currentDirectory: "/srv/hub").ai
    }

    func testWithoutAURLDraftingIsOff() throws {
        XCTAssertNil(try ai([:]))
        XCTAssertNil(try ai(["APPNORTH_AI_MODEL": "gpt-4o-mini", "APPNORTH_AI_KEY": "sk-live-1"]))
    }

    func testAURLNeedsAModelAndKeepsItsBase() throws {
        XCTAssertThrowsError(try ai(["APPNORTH_AI_URL": "https://api.openai.com/v1"])) {
            XCTAssertEqual($0 as? ConfigError, .missing(name: "APPNORTH_AI_MODEL"))
        }
        let settings = try XCTUnwrap(try ai(["APPNORTH_AI_URL": "https://api.openai.com/v1/", "APPNORTH_AI_MODEL": "gpt-4o-mini"]))
        XCTAssertEqual(settings.url, "https://api.openai.com/v1")
        XCTAssertEqual(settings.model, "gpt-4o-mini")
        XCTAssertNil(settings.key)
        XCTAssertEqual(settings.timeout, 30)
        for url in ["ftp://api.example.com", "api.example.com/v1", "https://api.example.com/v1?key=x"] {
            XCTAssertThrowsError(try ai(["APPNORTH_AI_URL": url, "APPNORTH_AI_MODEL": "m"]), url)
        }
        XCTAssertThrowsError(try ai(["APPNORTH_AI_URL": "http://127.0.0.1:9", "APPNORTH_AI_MODEL": "m", "APPNORTH_AI_TIMEOUT_S": "0"]))
    }

    func testTheKeyIsNeitherInTheURLNorPrinted() throws {
        XCTAssertThrowsError(try ai(["APPNORTH_AI_URL": "https://u:sk-live-secret@api.example.com/v1", "APPNORTH_AI_MODEL": "m"])) {
            XCTAssertFalse("\($0)".contains("sk-live-secret"))
            if case .invalid(_, let value, _) = $0 as? ConfigError { XCTAssertFalse(value.contains("sk-live-secret")) }
        }
        let settings = try XCTUnwrap(
            try ai(["APPNORTH_AI_URL": "https://api.example.com/v1", "APPNORTH_AI_MODEL": "m", "APPNORTH_AI_KEY": "sk-live-secret"]))
        XCTAssertEqual(settings.key, "sk-live-secret")
        XCTAssertFalse("\(settings)".contains("sk-live-secret"))
    }
}
