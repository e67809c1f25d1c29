import Foundation
import XCTest
import TestSupport
@testable import HubHTTPClient
#if canImport(Glibc)
import Glibc
#endif

/// `Tests/Fixtures/fake_itunes_feed.py` as a child process: the store's chart feed and
/// lookup on a loopback port, scripted per path through its control routes.
final class MarketFeedFake {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let process = Process()
    private let input = Pipe()
    let port: Int
    private let http = HTTPClient()

    var baseURL: String { "http://127.0.0.1:\(port)" }

    init() throws {
        let output = Pipe()
        process.executableURL = try TestPython.interpreter()
        process.arguments = [TestPython.fixtures.appendingPathComponent("fake_itunes_feed.py").path, "--port", "0"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = try MarketFeedFake.readLine(output.fileHandleForReading.fileDescriptor, within: 15)
        guard let port = Int(line), port > 0 else {
            process.terminate()
            throw Failure(description: "fake_itunes_feed.py did not start (printed \(line))")
        }
        self.port = port
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The feed path the collector asks for.
    static func path(_ cc: String = "us", _ chart: String = "topfreeapplications", limit: Int, genre: String? = nil) -> String {
        "/\(cc)/rss/\(chart)/limit=\(limit)" + (genre.map { "/genre=\($0)" } ?? "") + "/json"
    }

    /// Sets how `path` answers from now on (see the fixture's docstring for the keys).
    func script(_ path: String, _ settings: [String: Any]) throws {
        var body = settings
        body["path"] = path
        let bytes = Array(try JSONSerialization.data(withJSONObject: body))
        let response = try http.send(HTTPClientRequest(method: "POST", url: baseURL + "/_script",
                                                       headers: [("Content-Type", "application/json")], body: bytes))
        XCTAssertEqual(response.status, 200)
    }

    /// A chart listing `ids` in order (names `App <id>` unless given).
    func chart(_ path: String, ids: [String], extra: [String: Any] = [:]) throws {
        var settings = extra
        settings["entries"] = ids.map { ["id": $0] }
        try script(path, settings)
    }

    /// Every request served since start, in order: path and monotonic time.
    func log() throws -> [(path: String, at: Double)] {
        let response = try http.send(HTTPClientRequest(url: baseURL + "/_log"))
        let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return (json?["requests"] as? [[String: Any]] ?? []).map { ($0["path"] as? String ?? "", $0["at"] as? Double ?? 0) }
    }

    private static func readLine(_ fd: Int32, within seconds: Double) throws -> String {
        var buffer: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !buffer.contains(10) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "fake feed printed nothing for \(seconds) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: buffer, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
