import Foundation
import XCTest

/// The fake OpenAI-compatible API (`Tests/Fixtures/fake_openai.py`) with one key and one model,
/// and the `APPNORTH_AI_*` settings that point a hub at it.
struct FakeOpenAI {
    static let key = "sk-test-drafts-9QmZ2xLk7PwR4tVb"
    static let model = "gpt-test-drafts"
    static let reply = "Gracias por contarnos lo del archivo GPX. Lo estamos revisando."
    let fake: FakeControl

    init() throws {
        fake = try FakeControl(script: "fake_openai.py")
        try fake.post("/__control/state", ["keys": [FakeOpenAI.key], "models": [FakeOpenAI.model], "reply": FakeOpenAI.reply])
    }

    /// The hub's settings: the API's base URL (the client posts to `<base>/chat/completions`).
    func environment(timeoutSeconds: Int = 1) -> [String: String] {
        [
            "APPNORTH_AI_URL": fake.baseURL + "/v1", "APPNORTH_AI_KEY": FakeOpenAI.key, "APPNORTH_AI_MODEL": FakeOpenAI.model,
            "APPNORTH_AI_TIMEOUT_S": String(timeoutSeconds),
        ]
    }

    /// The next completions get these answers in order (`{"status": 429, "retryAfter": 7}`,
    /// `{"delayMs": 2500}`, `{"raw": "…"}`).
    func script(_ responses: [[String: Any]]) throws { try fake.post("/__control/script", ["responses": responses]) }

    /// Every request the fake received, oldest first, with its raw body.
    func log() throws -> [[String: Any]] { try XCTUnwrap(try fake.get("/__control/log") as? [[String: Any]]) }

    func stop() { fake.stop() }
}
