import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime

/// Records what the server reports per request.
final class RecordingObserver: HTTPServerObserver, @unchecked Sendable {
    struct Entry {
        let method: String
        let route: String
        let status: Int
        let duration: TimeInterval
    }
    private let lock = NSLock()
    private var stored: [Entry] = []
    var entries: [Entry] { lock.withLock { stored } }
    func requestCompleted(method: String, route: String, status: Int, duration: TimeInterval) {
        lock.withLock { stored.append(Entry(method: method, route: route, status: status, duration: duration)) }
    }
}

/// A real server on an ephemeral loopback port, stopped at the end of the test.
final class TestServerFixture {
    let server: HTTPServer
    let sink = MemoryLogSink()
    let observer = RecordingObserver()
    var port: UInt16 { server.port }

    init(
        threads: Int = 2, maxBodyBytes: Int = 1024, options adjust: (inout HTTPServerOptions) -> Void = { _ in },
        _ configure: (Router) -> Void
    ) throws {
        let router = Router()
        configure(router)
        var options = HTTPServerOptions(host: "127.0.0.1", port: 0, threads: threads, maxBodyBytes: maxBodyBytes)
        options.eventLoop = TestServerFixture.eventLoop
        adjust(&options)
        server = HTTPServer(router: router, options: options, logger: Logger(daemon: "test", sink: sink), observer: observer)
        try server.start()
    }

    deinit { server.stop() }

    /// The loop servers run unless a test picks one: `APPNORTH_TEST_HTTP_EVENT_LOOP` (the test
    /// command runs these tests once more with `epoll`), or the automatic one, which is poll on
    /// 127.0.0.1.
    static let eventLoop: HTTPEventLoop = {
        guard let raw = ProcessInfo.processInfo.environment["APPNORTH_TEST_HTTP_EVENT_LOOP"] else { return .automatic }
        guard let loop = HTTPEventLoop(rawValue: raw) else { fatalError("APPNORTH_TEST_HTTP_EVENT_LOOP: expected auto, poll or epoll") }
        return loop
    }()

    /// Log lines whose `msg` is `request`, waiting briefly because the completion callback
    /// runs just after the response bytes leave.
    func accessLogLines(atLeast count: Int) -> [String] {
        let lines = { self.sink.lines.filter { $0.contains("\"msg\":\"request\"") } }
        _ = eventually(timeout: 2, every: 0.005) { lines().count >= count }
        return lines()
    }
}

/// Sends `bytes` one at a time, `every` apart, until the server cuts the connection; whether
/// it did before the last byte.
func trickleUntilCut(_ connection: TestHTTPConnection, _ bytes: [UInt8], every interval: TimeInterval = 0.1) -> Bool {
    for byte in bytes {
        if (try? connection.send([byte])) == nil || connection.isClosedNow() { return true }
        Thread.sleep(forTimeInterval: interval)
    }
    return false
}

/// Parses a JSON object for assertions.
func jsonObject(_ text: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
}
