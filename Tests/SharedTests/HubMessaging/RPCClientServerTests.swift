import CZeroMQ
import Foundation
import XCTest

@testable import HubMessaging
@testable import HubRuntime

final class RPCClientServerTests: RPCTestCase {

    private func makeServer(_ endpoint: String, clock: Clock? = nil, configure: (RPCServer) -> Void = { _ in }) throws -> RPCServer {
        let server = try RPCServer(name: "testd", endpoint: endpoint, clock: clock ?? self.clock, logger: logger)
        server.register(TestEcho.self) { request, _ in request }
        server.register(TestLookup.self) { request, _ in
            if request.key == "boom" { throw TestFailure() }
            guard request.key == "known" else {
                throw RPCError(code: "NOT_FOUND", message: "no such key", status: 404, fields: ["key": ["unknown"]])
            }
            return .init(value: "found")
        }
        server.registerSysPing()
        configure(server)
        return started(server)
    }

    private func makeClient(_ endpoint: String, clock: Clock? = nil, timeout: TimeInterval = 2) throws -> RPCClient {
        try makeClient(endpoint, peer: "testd", clock: clock, timeout: timeout)
    }

    /// A raw DEALER speaking bytes to the server, to send what a typed client never would.
    private func rawExchange(_ endpoint: String, _ frames: [Data]) throws -> Data {
        let socket = try ZMQSocket(kind: .dealer)
        defer { socket.close() }
        try socket.setOption(ZMQ_LINGER, 0)
        try socket.connect(endpoint)
        XCTAssertTrue(try socket.send(frames, dontWait: false))
        guard try socket.waitReadable(timeoutMs: 2000), let reply = try socket.receive() else {
            throw RPCError(code: "TEST", message: "no reply")
        }
        XCTAssertEqual(reply.count, 1)
        return reply[0]
    }

    // MARK: Round trips

    func testTypedRoundTripOverIPCInANewDirectory() throws {
        // Given a server bound in a directory that does not exist yet
        let endpoint = dir.endpoint("nested/echo.sock")
        let server = try makeServer(endpoint)
        let client = try makeClient(server.boundEndpoint)

        // When a typed request is sent
        let result = client.call(TestEcho.self, .init(text: "héllo", n: 42))

        // Then the typed response comes back
        XCTAssertEqual(result.successValue, TestEcho.Response(text: "héllo", n: 42))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path + "/nested"))
    }

    func testTypedRoundTripOverTCPWithWildcardPort() throws {
        // Given a server on a wildcard loopback port
        let server = try makeServer("tcp://127.0.0.1:*")

        // When a client connects to the resolved endpoint
        XCTAssertTrue(server.boundEndpoint.hasPrefix("tcp://127.0.0.1:"))
        XCTAssertFalse(server.boundEndpoint.contains("*"))
        let client = try makeClient(server.boundEndpoint)
        let result = client.call(TestEcho.self, .init(text: "tcp", n: 1))

        // Then the round trip works
        XCTAssertEqual(result.successValue, TestEcho.Response(text: "tcp", n: 1))
    }

    func testSysPingIsAnsweredByAServerThatRegisteredIt() throws {
        // Given a server with sys.ping registered
        let server = try makeServer(dir.endpoint("ping.sock"))
        let client = try makeClient(server.boundEndpoint)

        // When it is pinged
        let pong = try client.call(SysPing.self, RPCEmpty()).get()

        // Then it reports its name, the build version, its uptime and its store
        XCTAssertEqual(pong.name, "testd")
        XCTAssertEqual(pong.version, AppNorth.version)
        XCTAssertGreaterThanOrEqual(pong.uptimeSeconds, 0)
        XCTAssertLessThan(pong.uptimeSeconds, 60)
        XCTAssertEqual(pong.store, "ok")
    }

    func testConcurrentCallsFromManyThreadsEachGetTheirOwnReply() throws {
        // Given one client shared by several threads
        let server = try makeServer(dir.endpoint("many.sock"))
        let client = try makeClient(server.boundEndpoint, timeout: 5)
        let lock = NSLock()
        var mismatches: [String] = []
        var okCount = 0

        // When 8 threads make 40 blocking calls each and 200 asynchronous calls are in flight
        let asyncDone = DispatchGroup()
        for n in 0..<200 {
            asyncDone.enter()
            client.call(TestEcho.self, .init(text: "async-\(n)", n: n)) { result in
                lock.withLock {
                    if result.successValue == TestEcho.Response(text: "async-\(n)", n: n) {
                        okCount += 1
                    } else {
                        mismatches.append("async \(n): \(result)")
                    }
                }
                asyncDone.leave()
            }
        }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<40 {
                let n = thread * 1000 + i
                let result = client.call(TestEcho.self, .init(text: "t\(thread)", n: n))
                lock.withLock {
                    if result.successValue == TestEcho.Response(text: "t\(thread)", n: n) {
                        okCount += 1
                    } else {
                        mismatches.append("\(n): \(result)")
                    }
                }
            }
        }
        XCTAssertEqual(asyncDone.wait(timeout: .now() + 10), .success)

        // Then every call got exactly its own reply
        XCTAssertEqual(mismatches, [])
        XCTAssertEqual(okCount, 200 + 8 * 40)
    }

    // MARK: Typed errors

    func testARequestAfterAnEmptyDelimiterIsAnsweredAfterOneAndTheServerKeepsServing() throws {
        // Given a running server and a raw peer speaking as a REQ socket does: an empty
        // delimiter frame, then the envelope
        let server = try makeServer(dir.endpoint("delimited.sock"))
        let socket = try ZMQSocket(kind: .dealer)
        defer { socket.close() }
        try socket.setOption(ZMQ_LINGER, 0)
        try socket.connect(server.boundEndpoint)
        let request = try RPCEnvelope.encodeRequest(
            v: 1, type: TestEcho.type, id: "delimited", deadline: clock.nowMillis() + 60_000, body: TestEcho.Request(text: "req", n: 3))
        XCTAssertTrue(try socket.send([Data(), request], dontWait: false))

        // When its reply comes
        XCTAssertTrue(try socket.waitReadable(timeoutMs: 2000))
        let reply = try XCTUnwrap(try socket.receive())

        // Then it is the delimiter echoed back and the reply to that request
        XCTAssertEqual(reply.count, 2)
        XCTAssertEqual(reply.first, Data())
        XCTAssertEqual(RPCEnvelope.decodeReplyHeader(reply[1])?.id, "delimited")
        XCTAssertEqual(RPCEnvelope.decodeReply(TestEcho.Response.self, from: reply[1]).successValue, .init(text: "req", n: 3))
        // And a typed client is still answered after it
        let client = try makeClient(server.boundEndpoint)
        XCTAssertEqual(client.call(TestEcho.self, .init(text: "after", n: 4)).successValue?.n, 4)
    }

    func testUnknownTypeGetsUnknownType() throws {
        // Given a server that does not handle test.nobody
        let server = try makeServer(dir.endpoint("unknown.sock"))
        let client = try makeClient(server.boundEndpoint)

        // When it is called
        let error = client.call(TestNobody.self, RPCEmpty()).failureValue

        // Then the reply is UNKNOWN_TYPE and the server keeps serving
        XCTAssertEqual(error?.code, RPCError.Code.unknownType)
        XCTAssertNotNil(client.call(TestEcho.self, .init(text: "after", n: 0)).successValue)
    }

    func testOtherVersionGetsUnsupportedVersion() throws {
        // Given a server that speaks test.echo version 1
        let server = try makeServer(dir.endpoint("version.sock"))
        let client = try makeClient(server.boundEndpoint)

        // When test.echo version 2 arrives
        let error = client.call(TestEchoV2.self, .init(text: "v2", n: 2)).failureValue

        // Then the reply is UNSUPPORTED_VERSION
        XCTAssertEqual(error?.code, RPCError.Code.unsupportedVersion)
    }

    func testGarbageAndIncompleteFramesGetMalformedAndTheServerKeepsServing() throws {
        // Given a running server
        let server = try makeServer(dir.endpoint("garbage.sock"))
        let endpoint = server.boundEndpoint
        let future = clock.nowMillis() + 60_000

        // When a raw peer sends bytes that are not JSON, an envelope missing fields, a body
        // of the wrong shape and a message of two frames
        let garbage = try rawExchange(endpoint, [Data([0xde, 0xad, 0xbe, 0xef, 0x00])])
        let missing = try rawExchange(endpoint, [Data(#"{"v":1,"type":"test.echo","id":"abc"}"#.utf8)])
        let wrongBody = try rawExchange(
            endpoint, [Data(#"{"v":1,"type":"test.echo","id":"wb","deadline":\#(future),"body":{"text":1}}"#.utf8)])
        let twoFrames = try rawExchange(endpoint, [Data("one".utf8), Data("two".utf8)])

        // Then each gets MALFORMED_MESSAGE, echoing the ID when one could be read
        for (frame, id) in [(garbage, ""), (missing, "abc"), (wrongBody, "wb"), (twoFrames, "")] {
            XCTAssertEqual(RPCEnvelope.decodeReplyHeader(frame)?.id, id)
            XCTAssertEqual(RPCEnvelope.decodeReply(RPCEmpty.self, from: frame).failureValue?.code, RPCError.Code.malformedMessage)
        }
        // And the server still answers a well-formed call
        let client = try makeClient(endpoint)
        XCTAssertEqual(client.call(TestEcho.self, .init(text: "still here", n: 9)).successValue?.n, 9)
    }

    func testHandlerRPCErrorArrivesVerbatimAndOtherErrorsBecomeInternal() throws {
        // Given a handler that throws an application error or a plain Swift error
        let server = try makeServer(dir.endpoint("errors.sock"))
        let client = try makeClient(server.boundEndpoint)

        // When both paths are called
        let notFound = client.call(TestLookup.self, .init(key: "missing")).failureValue
        let internalError = client.call(TestLookup.self, .init(key: "boom")).failureValue
        let found = client.call(TestLookup.self, .init(key: "known")).successValue

        // Then the application error is unchanged and the other is INTERNAL
        XCTAssertEqual(notFound, RPCError(code: "NOT_FOUND", message: "no such key", status: 404, fields: ["key": ["unknown"]]))
        XCTAssertEqual(internalError?.code, RPCError.Code.internal)
        XCTAssertEqual(internalError?.status, 500)
        XCTAssertEqual(found?.value, "found")
    }

    func testExpiredDeadlineIsRefusedWithoutRunningTheHandler() throws {
        // Given a server whose clock is an hour ahead of the caller's, so every deadline has passed
        let lock = NSLock()
        var handlerRuns = 0
        let serverClock = ManualClock(Date().addingTimeInterval(3600))
        let server = try makeServer(dir.endpoint("late.sock"), clock: serverClock) { server in
            server.register(TestEcho.self) { request, _ in
                lock.withLock { handlerRuns += 1 }
                return request
            }
        }
        let client = try makeClient(server.boundEndpoint)

        // When a call arrives (once the client is connected: a busy machine may take a moment)
        var error = client.call(TestEcho.self, .init(text: "late", n: 1)).failureValue
        let deadline = Date().addingTimeInterval(5)
        while error?.code == RPCError.Code.peerUnavailable, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            error = client.call(TestEcho.self, .init(text: "late", n: 1)).failureValue
        }

        // Then it is refused with DEADLINE_EXCEEDED and the handler never ran
        XCTAssertEqual(error?.code, RPCError.Code.deadlineExceeded)
        XCTAssertEqual(lock.withLock { handlerRuns }, 0)

        // And with the server clock back in line the same call runs the handler
        serverClock.set(Date())
        XCTAssertNotNil(client.call(TestEcho.self, .init(text: "on time", n: 2)).successValue)
        XCTAssertEqual(lock.withLock { handlerRuns }, 1)
    }

    func testHandlerSeesRequestContext() throws {
        // Given a handler that records its context
        let lock = NSLock()
        var seen: RPCRequestContext?
        let server = try makeServer(dir.endpoint("context.sock")) { server in
            server.register(TestEcho.self) { request, context in
                lock.withLock { seen = context }
                return request
            }
        }
        let client = try makeClient(server.boundEndpoint)
        let before = Date()

        // When a call with a 3-second timeout is made
        XCTAssertNotNil(client.call(TestEcho.self, .init(text: "c", n: 1), timeout: 3).successValue)

        // Then the handler saw the type, a time-sortable ID and a deadline about 3 s out
        let context = try XCTUnwrap(lock.withLock { seen })
        XCTAssertEqual(context.type, "test.echo")
        XCTAssertNotNil(TimeSortableID.timestamp(of: context.id))
        XCTAssertEqual(context.deadline.timeIntervalSince(before), 3, accuracy: 0.5)
        XCTAssertGreaterThanOrEqual(context.receivedAt, before.addingTimeInterval(-0.01))
    }

    func testObserverReportsEachOutcome() throws {
        // Given a client with an observer
        let server = try makeServer(dir.endpoint("observe.sock"))
        let client = try makeClient(server.boundEndpoint)
        let lock = NSLock()
        var outcomes: [RPCCallOutcome] = []
        client.observer = { outcome in lock.withLock { outcomes.append(outcome) } }

        // When one call succeeds and one fails
        _ = client.call(TestEcho.self, .init(text: "ok", n: 1))
        _ = client.call(TestLookup.self, .init(key: "missing"))

        // Then both outcomes are reported with peer, type and duration
        let seen = lock.withLock { outcomes }
        XCTAssertEqual(seen.map(\.result), [.ok, .error("NOT_FOUND")])
        XCTAssertEqual(seen.map(\.type), ["test.echo", "test.lookup"])
        XCTAssertEqual(Set(seen.map(\.peer)), ["testd"])
        XCTAssertTrue(seen.allSatisfy { $0.duration >= 0 && $0.duration < 2 })
    }
}
