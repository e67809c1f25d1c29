import Foundation
import TestSupport
import XCTest

@testable import HubMessaging

/// Dead peers, timeouts, restarts and shutdown: a caller never waits forever and recovers
/// on its own once the peer is back.
final class RPCReconnectTests: RPCTestCase {

    /// A server whose echo handler sleeps for the number of milliseconds in `n`.
    private func makeServer(_ endpoint: String, entered: DispatchSemaphore? = nil) throws -> RPCServer {
        let server = try RPCServer(name: "slowd", endpoint: endpoint, clock: clock, logger: logger)
        server.register(TestEcho.self) { request, _ in
            entered?.signal()
            if request.n > 0 { Thread.sleep(forTimeInterval: Double(request.n) / 1000) }
            return request
        }
        return started(server)
    }

    private func makeClient(_ endpoint: String, timeout: TimeInterval = 1) throws -> RPCClient {
        try makeClient(endpoint, peer: "slowd", timeout: timeout)
    }

    func testCallToUnboundIPCFailsFastAndSameClientRecoversOnceBound() throws {
        // Given a client whose endpoint nobody has bound
        let endpoint = dir.endpoint("later.sock")
        let client = try makeClient(endpoint)

        // When it calls with a 2-second timeout
        var first: Result<TestEcho.Response, RPCError>!
        let elapsed = measureSeconds { first = client.call(TestEcho.self, .init(text: "a", n: 0), timeout: 2) }

        // Then it fails fast as PEER_UNAVAILABLE (ZMQ_IMMEDIATE plus the connect grace) rather than waiting out the deadline
        XCTAssertEqual(first.failureValue?.code, RPCError.Code.peerUnavailable)
        XCTAssertLessThan(elapsed, 0.5)

        // And once a server binds there, the same client gets through within a couple of seconds
        _ = try makeServer(endpoint)
        let later = callUntilOK(client, TestEcho.self, .init(text: "b", n: 0), within: 3)
        XCTAssertEqual(later.successValue?.text, "b")
    }

    func testCallToUnboundTCPFailsFastAndSameClientRecoversOnceBound() throws {
        // Given a loopback port nobody listens on
        let endpoint = "tcp://127.0.0.1:\(try XCTUnwrap(LoopbackPort.free()))"
        let client = try makeClient(endpoint)

        // When the client calls while nothing listens
        var first: Result<TestEcho.Response, RPCError>!
        let elapsed = measureSeconds { first = client.call(TestEcho.self, .init(text: "a", n: 0), timeout: 2) }

        // Then it fails within its deadline, and succeeds once a server listens on that port
        XCTAssertEqual(first.failureValue?.code, RPCError.Code.peerUnavailable)
        XCTAssertLessThan(elapsed, 0.5)
        _ = try makeServer(endpoint)
        XCTAssertEqual(callUntilOK(client, TestEcho.self, .init(text: "b", n: 0), within: 3).successValue?.text, "b")
    }

    func testSlowReplyTimesOutWithinDeadlineThenSocketIsReplacedAndCallsStillWaitingFail() throws {
        // Given a connected client and a handler that takes 600 ms
        let entered = DispatchSemaphore(value: 0)
        let server = try makeServer(dir.endpoint("slow.sock"), entered: entered)
        let client = try makeClient(server.boundEndpoint)
        XCTAssertNotNil(client.call(TestEcho.self, .init(text: "warm", n: 0)).successValue)
        XCTAssertEqual(entered.wait(timeout: .now() + 2), .success)
        let lock = NSLock()
        var outcomes: [RPCCallOutcome] = []
        client.observer = { outcome in lock.withLock { outcomes.append(outcome) } }

        // When a slow call with a 5 s timeout and a call with a 200 ms timeout are both waiting
        let slowDone = DispatchSemaphore(value: 0)
        var slow: Result<TestEcho.Response, RPCError>?
        var slowElapsed: TimeInterval = 0
        let slowStart = Date()
        client.call(TestEcho.self, .init(text: "slow", n: 600), timeout: 5) { result in
            slow = result
            slowElapsed = Date().timeIntervalSince(slowStart)
            slowDone.signal()
        }
        // (blocking and asynchronous calls travel on different sockets: the slow one is being
        // handled before the short one is sent)
        XCTAssertEqual(entered.wait(timeout: .now() + 2), .success)
        var hasty: Result<TestEcho.Response, RPCError>!
        let hastyElapsed = measureSeconds { hasty = client.call(TestEcho.self, .init(text: "hasty", n: 0), timeout: 0.2) }

        // Then the short one times out near its deadline
        XCTAssertEqual(hasty.failureValue?.code, RPCError.Code.timeout)
        XCTAssertGreaterThanOrEqual(hastyElapsed, 0.19)
        XCTAssertLessThan(hastyElapsed, 0.5)
        // And the long one, on the replaced socket, fails at that moment instead of at 5 s
        XCTAssertEqual(slowDone.wait(timeout: .now() + 2), .success)
        XCTAssertEqual(slow?.failureValue?.code, RPCError.Code.peerUnavailable)
        XCTAssertLessThan(slowElapsed, 0.5)
        XCTAssertTrue(logs.lines.contains { $0.contains("rpc client reconnecting") })
        XCTAssertTrue(lock.withLock { outcomes }.contains { $0.result == .timeout && $0.type == "test.echo" })
        // And the same client works on its new socket
        XCTAssertEqual(callUntilOK(client, TestEcho.self, .init(text: "again", n: 0), within: 3, timeout: 1).successValue?.text, "again")
    }

    func testCallsWaitingOnAServerThatGoesAwayFailAtOnce() throws {
        // Given a server that takes requests and never answers them, and a call with a 10 s deadline
        let entered = DispatchSemaphore(value: 0)
        let server = try RPCServer(name: "slowd", endpoint: dir.endpoint("gone.sock"), clock: clock, logger: logger)
        server.registerDeferred(TestEcho.self) { _, _, _ in entered.signal() }
        _ = started(server)
        let client = try makeClient(server.boundEndpoint)
        // Written once before `done` is signalled and read after it: the semaphore orders the two.
        final class Outcome: @unchecked Sendable { var result: Result<TestEcho.Response, RPCError>? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            outcome.result = client.call(TestEcho.self, .init(text: "never answered", n: 0), timeout: 10)
            done.signal()
        }
        XCTAssertEqual(entered.wait(timeout: .now() + 5), .success)

        // When the server goes away
        let elapsed = measureSeconds {
            server.stop()
            _ = done.wait(timeout: .now() + 10)
        }

        // Then the waiting call fails as PEER_UNAVAILABLE well before its deadline
        XCTAssertEqual(outcome.result?.failureValue?.code, RPCError.Code.peerUnavailable)
        XCTAssertLessThan(elapsed, 3)
    }

    func testServerRestartedOnSameIPCEndpointIsReachedBySameClient() throws {
        // Given a client talking to a server
        let endpoint = dir.endpoint("restart.sock")
        let first = try makeServer(endpoint)
        let client = try makeClient(endpoint)
        XCTAssertNotNil(client.call(TestEcho.self, .init(text: "one", n: 0)).successValue)

        // When the server stops mid-conversation
        first.stop()
        var down: Result<TestEcho.Response, RPCError>!
        let elapsed = measureSeconds { down = client.call(TestEcho.self, .init(text: "down", n: 0), timeout: 0.5) }

        // Then calls fail within their deadline
        XCTAssertNotNil(down.failureValue)
        XCTAssertTrue([RPCError.Code.peerUnavailable, RPCError.Code.timeout].contains(down.failureValue?.code ?? ""))
        XCTAssertLessThan(elapsed, 1)

        // And a new server on the same endpoint is reached by the same client
        _ = try makeServer(endpoint)
        XCTAssertEqual(callUntilOK(client, TestEcho.self, .init(text: "two", n: 0), within: 3).successValue?.text, "two")
    }

    func testStopIsPromptIdempotentAndFinishesTheHandlerInProgress() throws {
        // Given a server busy with a 300 ms request
        let entered = DispatchSemaphore(value: 0)
        let server = try makeServer(dir.endpoint("stop.sock"), entered: entered)
        let client = try makeClient(server.boundEndpoint, timeout: 3)
        let replied = DispatchSemaphore(value: 0)
        var inProgress: Result<TestEcho.Response, RPCError>?
        client.call(TestEcho.self, .init(text: "busy", n: 300)) { result in
            inProgress = result
            replied.signal()
        }
        XCTAssertEqual(entered.wait(timeout: .now() + 2), .success)

        // When it is stopped, twice
        let elapsed = measureSeconds {
            server.stop()
            server.stop()
        }

        // Then stop waited for the handler (not much longer) and its reply still arrived
        XCTAssertLessThan(elapsed, 0.6)
        XCTAssertEqual(replied.wait(timeout: .now() + 2), .success)
        XCTAssertEqual(inProgress?.successValue?.text, "busy")
    }

    func testStopOfAnIdleServerReturnsPromptly() throws {
        // Given an idle running server
        let server = try makeServer(dir.endpoint("idle.sock"))
        Thread.sleep(forTimeInterval: 0.1)

        // When it is stopped
        let elapsed = measureSeconds { server.stop() }

        // Then stop returns within a poll interval or so, and its endpoint no longer answers
        XCTAssertLessThan(elapsed, 0.2)
        let client = try makeClient(server.boundEndpoint)
        XCTAssertNotNil(client.call(TestEcho.self, .init(text: "gone", n: 0), timeout: 0.3).failureValue)
    }

    func testPrepareForBindCreatesTheDirectoryAndRemovesOnlyAStaleSocketFile() throws {
        // Given a socket file left behind by a process that died without closing it,
        // a regular file, and an endpoint in a directory that does not exist yet
        let staleEndpoint = dir.endpoint("stale/stale.sock")
        let stalePath = try XCTUnwrap(ZMQEndpoint.ipcPath(staleEndpoint))
        try FileManager.default.createDirectory(atPath: dir.path + "/stale", withIntermediateDirectories: true)
        XCTAssertTrue(makeStaleUnixSocket(at: stalePath))
        let regularPath = dir.path + "/stale/notes.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: regularPath, contents: Data("keep".utf8)))
        let freshEndpoint = dir.endpoint("a/b/fresh.sock")

        // When each endpoint is prepared for binding
        try ZMQEndpoint.prepareForBind(staleEndpoint)
        try ZMQEndpoint.prepareForBind("ipc://" + regularPath)
        try ZMQEndpoint.prepareForBind(freshEndpoint)

        // Then the stale socket is gone, the regular file is kept and the directory exists
        XCTAssertFalse(FileManager.default.fileExists(atPath: stalePath))
        XCTAssertTrue(FileManager.default.fileExists(atPath: regularPath))
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path + "/a/b", isDirectory: &isDirectory) && isDirectory.boolValue)
        // And a server binds and answers at the formerly stale endpoint
        let server = try makeServer(staleEndpoint)
        let client = try makeClient(server.boundEndpoint)
        XCTAssertEqual(client.call(TestEcho.self, .init(text: "fresh", n: 0)).successValue?.text, "fresh")
        XCTAssertNil(ZMQEndpoint.ipcPath("tcp://127.0.0.1:1"))
        XCTAssertNil(ZMQEndpoint.ipcPath("ipc://@abstract"))
    }

    func testCloseFailsWaitingCallsAndLaterCalls() throws {
        // Given a call waiting on a slow handler with a long timeout
        let entered = DispatchSemaphore(value: 0)
        let server = try makeServer(dir.endpoint("close.sock"), entered: entered)
        let client = try makeClient(server.boundEndpoint, timeout: 5)
        let done = DispatchSemaphore(value: 0)
        var waiting: Result<TestEcho.Response, RPCError>?
        client.call(TestEcho.self, .init(text: "wait", n: 400)) { result in
            waiting = result
            done.signal()
        }
        XCTAssertEqual(entered.wait(timeout: .now() + 2), .success)

        // When the client is closed
        let elapsed = measureSeconds { client.close() }

        // Then the waiting call fails PEER_UNAVAILABLE at once, and so does any later call
        XCTAssertLessThan(elapsed, 0.3)
        XCTAssertEqual(done.wait(timeout: .now()), .success)
        XCTAssertEqual(waiting?.failureValue?.code, RPCError.Code.peerUnavailable)
        XCTAssertEqual(client.call(TestEcho.self, .init(text: "late", n: 0)).failureValue?.code, RPCError.Code.peerUnavailable)
    }

    /// Binds a Unix socket at `path` and closes it without unlinking, as `kill -9` would leave it.
    private func makeStaleUnixSocket(at path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return rc == 0
    }
}
