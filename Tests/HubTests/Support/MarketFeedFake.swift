import Foundation

/// `Tests/Fixtures/fake_itunes_feed.py` as a child process: the store's chart feed and
/// lookup on a loopback port, scripted per path through its control routes.
final class MarketFeedFake {
    private let control: FakeControl

    var baseURL: String { control.baseURL }

    init() throws {
        control = try FakeControl(script: "fake_itunes_feed.py")
    }

    func stop() { control.stop() }

    /// The feed path the collector asks for.
    static func path(_ cc: String = "us", _ chart: String = "topfreeapplications", limit: Int, genre: String? = nil) -> String {
        "/\(cc)/rss/\(chart)/limit=\(limit)" + (genre.map { "/genre=\($0)" } ?? "") + "/json"
    }

    /// Sets how `path` answers from now on (see the fixture's docstring for the keys).
    func script(_ path: String, _ settings: [String: Any]) throws {
        var body = settings
        body["path"] = path
        try control.post("/_script", body)
    }

    /// A chart listing `ids` in order (names `App <id>` unless given).
    func chart(_ path: String, ids: [String], extra: [String: Any] = [:]) throws {
        var settings = extra
        settings["entries"] = ids.map { ["id": $0] }
        try script(path, settings)
    }

    /// `/lookup` of `id` in `country` (`*`: any) answers `fields` over the generated ones (NSNull
    /// leaves one out); no fields: the app is not listed there.
    func lookup(_ id: String, country: String = "*", fields: [String: Any]?) throws {
        try control.post("/_lookup", ["id": id, "country": country, "fields": fields ?? [:]])
    }

    /// Every request served since start, in order: path and monotonic time.
    func log() throws -> [(path: String, at: Double)] {
        let json = try control.get("/_log") as? [String: Any]
        return (json?["requests"] as? [[String: Any]] ?? []).map { ($0["path"] as? String ?? "", $0["at"] as? Double ?? 0) }
    }
}
