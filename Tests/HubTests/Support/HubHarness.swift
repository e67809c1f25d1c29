import Foundation

@testable import ASOService
@testable import ChatService
@testable import HubDaemon
@testable import HubHTTPClient
@testable import HubRuntime
@testable import IngestService
@testable import MarketService
@testable import PushService

/// A whole hub shard in this process: the five daemons on ipc sockets in a temporary data
/// directory and ingest's HTTP server on an ephemeral loopback port.
final class HubHarness {
    let dataDirectory: String
    /// Read by each daemon as it starts, so a test may change it for a restart.
    var config: HubConfig
    let clock: Clock
    let logSink = MemoryLogSink()
    private(set) var daemons: [DaemonName: Daemon] = [:]
    private(set) var app: IngestApp?
    let http = {
        var options = HTTPClientOptions()
        options.connectTimeout = 2
        options.totalTimeout = 10
        return HTTPClient(options: options)
    }()

    init(environment extra: [String: String] = [:], clock: Clock = SystemClock()) throws {
        dataDirectory = NSTemporaryDirectory() + "appnorth-hub-" + String(TimeSortableID.shared.next().suffix(12))
        var env = ["APPNORTH_DATA_DIR": dataDirectory, "APPNORTH_HTTP_ADDR": "127.0.0.1:0"]
        env.merge(extra) { _, new in new }
        config = try HubConfig(environment: env, currentDirectory: "/")
        self.clock = clock
    }

    static func spec(for daemon: DaemonName, onIngest: ((IngestApp) -> Void)? = nil) -> DaemonSpec {
        switch daemon {
        case .ingest: return IngestDaemon.spec(onStart: onIngest)
        case .chatd: return ChatDaemon.spec
        case .pushd: return PushDaemon.spec
        case .marketd: return MarketDaemon.spec
        case .asod: return ASODaemon.spec
        }
    }

    func start(_ which: [DaemonName] = DaemonName.allCases) throws {
        for daemon in which { try startDaemon(daemon) }
    }

    func startDaemon(_ name: DaemonName) throws {
        let logger = Logger(daemon: name.rawValue, level: .debug, clock: clock, sink: logSink)
        let daemon = try Daemon(
            spec: HubHarness.spec(for: name) { [weak self] app in self?.app = app },
            config: config, clock: clock, logger: logger)
        try daemon.start()
        daemons[name] = daemon
    }

    func stopDaemon(_ name: DaemonName) {
        daemons.removeValue(forKey: name)?.stop()
    }

    var baseURL: String { "http://127.0.0.1:\(app!.server.port)" }

    func get(_ path: String, headers: [(String, String)] = []) throws -> HubReply {
        try request("GET", path, headers: headers)
    }

    /// Any request; a JSON `body` is encoded and sent with `Content-Type: application/json`.
    func request(_ method: String, _ path: String, headers: [(String, String)] = [], json body: Any? = nil) throws -> HubReply {
        guard let body else { return try send(method, url: baseURL + path, headers: headers) }
        let bytes = Array(try JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed]))
        return try send(method, url: baseURL + path, headers: headers + [("Content-Type", "application/json")], body: bytes)
    }

    /// A body sent as it is, with its own `Content-Type`.
    func request(_ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8], contentType: String) throws -> HubReply
    {
        try send(method, url: baseURL + path, headers: headers + [("Content-Type", contentType)], body: body)
    }

    /// Any request to an absolute URL, such as an upload or media URL the hub handed out.
    func send(_ method: String, url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> HubReply {
        HubReply(try http.send(HTTPClientRequest(method: method, url: url, headers: headers, body: body)))
    }

    func shutdown() {
        for name in [DaemonName.ingest, .chatd, .pushd, .marketd, .asod] { stopDaemon(name) }
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }
}
