import Foundation
import TestSupport

@testable import HubHTTPClient

/// A fake provider from `Tests/Fixtures/` running as a child process, and the control routes
/// the tests script it and read its request log through.
struct FakeControl {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let process: FixtureProcess
    let baseURL: String
    private let http: HTTPClient

    /// Starts `script`; a fake speaking TLS (`tls`) prints the CA file clients trust on its
    /// second line, and the control client trusts it.
    init(script: String, arguments: [String] = [], tls: Bool = false, options: HTTPClientOptions = HTTPClientOptions()) throws {
        process = try FixtureProcess(script: script, arguments: arguments, lineCount: tls ? 2 : 1)
        var options = options
        if tls { options.extraCAFile = process.lines[1] }
        baseURL = "\(tls ? "https" : "http")://127.0.0.1:\(process.port)"
        http = HTTPClient(options: options)
    }

    /// The CA file of a fake speaking TLS.
    var caFile: String { process.lines[1] }

    func stop() { process.stop() }

    /// Posts `body` as JSON to a control route; throws unless the fake answers 200.
    @discardableResult
    func post(_ path: String, _ body: Any) throws -> HTTPClientResponse {
        let bytes = Array(try JSONSerialization.data(withJSONObject: body))
        let response = try http.send(
            HTTPClientRequest(
                method: "POST", url: baseURL + path,
                headers: [("Content-Type", "application/json")], body: bytes))
        guard response.status == 200 else { throw Failure(description: "\(path) answered \(response.status)") }
        return response
    }

    /// A control route's JSON answer.
    func get(_ path: String) throws -> Any {
        let response = try http.send(HTTPClientRequest(url: baseURL + path))
        guard response.status == 200 else { throw Failure(description: "\(path) answered \(response.status)") }
        return try JSONSerialization.jsonObject(with: Data(response.body))
    }
}
