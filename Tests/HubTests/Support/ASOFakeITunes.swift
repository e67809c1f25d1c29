import Foundation
import XCTest
import HubHTTPClient
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `Tests/Fixtures/fake_itunes_search.py` as a child process: the iTunes Search and Lookup
/// API on loopback, scripted per term and country, with the request log the tests read.
final class ASOFakeITunes {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private let process = Process()
    private let input = Pipe()
    let port: Int
    private let http = HTTPClient()

    var baseURL: String { "http://127.0.0.1:\(port)" }

    init(results: Int = 10) throws {
        let output = Pipe()
        process.executableURL = try TestPython.interpreter()
        process.arguments = [TestPython.fixtures.appendingPathComponent("fake_itunes_search.py").path,
                             "--port", "0", "--results", String(results)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = ASOFakeITunes.firstLine(output.fileHandleForReading.fileDescriptor, within: 15)
        guard let port = Int(line), port > 0 else {
            process.terminate()
            throw Failure(description: "fake_itunes_search.py did not start (printed \(line))")
        }
        self.port = port
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Scripts the answer to `/search` for a term (`*` for any) and country.
    func script(term: String = "*", country: String = "*", status: Int = 200, retryAfter: Int? = nil, delayMs: Int = 0,
                body: String? = nil, results: [[String: Any]]? = nil, times: Int? = nil) throws {
        var payload: [String: Any] = ["term": term, "country": country, "status": status, "delayMs": delayMs]
        if let retryAfter { payload["retryAfter"] = retryAfter }
        if let body { payload["body"] = body }
        if let results { payload["results"] = results }
        if let times { payload["times"] = times }
        try control("/_control/script", payload)
    }

    func lookup(id: String, app: [String: Any]) throws { try control("/_control/lookup", ["id": id, "app": app]) }

    func reset() throws { try control("/_control/reset", [:]) }

    /// Every provider request so far, oldest first.
    func log() throws -> [[String: String]] {
        let response = try http.send(HTTPClientRequest(url: baseURL + "/_control/log"))
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return (object?["requests"] as? [[String: Any]] ?? []).map { entry in
            entry.compactMapValues { $0 as? String }
        }
    }

    /// `/search` requests so far.
    func searches() throws -> [[String: String]] { try log().filter { $0["path"] == "/search" } }

    private func control(_ path: String, _ payload: [String: Any]) throws {
        let body = Array(try JSONSerialization.data(withJSONObject: payload))
        let response = try http.send(HTTPClientRequest(method: "POST", url: baseURL + path,
                                                       headers: [("Content-Type", "application/json")], body: body))
        guard response.status == 200 else { throw Failure(description: "\(path) answered \(response.status)") }
    }

    private static func firstLine(_ fd: Int32, within seconds: Double) -> String {
        var buffer: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !buffer.contains(10), deadline.timeIntervalSinceNow > 0 {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 200) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: buffer, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// A fixed app in the provider's shape.
    static func app(_ id: Int64, _ name: String?, ratingCount: Int? = 1_000, rating: Double? = 4.5,
                    updated: String? = "2026-11-01T08:00:00Z", released: String? = "2019-03-01T08:00:00Z",
                    price: Double? = 0, formattedPrice: String? = "Free") -> [String: Any] {
        var app: [String: Any] = ["trackId": id, "sellerName": "Seller \(id)", "bundleId": "com.example.\(id)", "currency": "USD",
                                  "trackViewUrl": "https://apps.apple.com/us/app/id\(id)", "artistId": id + 7]
        if let name { app["trackName"] = name }
        if let ratingCount { app["userRatingCount"] = ratingCount }
        if let rating { app["averageUserRating"] = rating }
        if let updated { app["currentVersionReleaseDate"] = updated }
        if let released { app["releaseDate"] = released }
        if let price { app["price"] = price }
        if let formattedPrice { app["formattedPrice"] = formattedPrice }
        return app
    }
}
