import Foundation
import XCTest

@testable import HubMessaging

/// Issue 18: request/reply over `tcp://` with CURVE. A server admits only the client keys it
/// was given; a client talks only to the server key it expects. Anyone else gets no answer,
/// and the server's handler never runs for them.
final class RPCCurveTests: RPCTestCase {
    private var serverPair: CurveKeyPair!
    private var clientPair: CurveKeyPair!
    private let counter = NSLock()
    private var handledCount = 0

    override func setUpWithError() throws {
        serverPair = try CurveKeyPair.generate()
        clientPair = try CurveKeyPair.generate()
    }

    private var handled: Int { counter.withLock { handledCount } }

    private func makeServer(admitting clients: Set<String>, pair: CurveKeyPair? = nil) throws -> RPCServer {
        let server = try RPCServer(
            name: "curved", endpoint: "tcp://127.0.0.1:*", clock: clock, logger: logger,
            curve: CurveServerKeys(keyPair: pair ?? serverPair, admittedClients: clients))
        server.register(TestEcho.self) { [self] request, _ in
            counter.withLock { handledCount += 1 }
            return request
        }
        return started(server)
    }

    private func makeClient(_ server: RPCServer, curve: CurveClientKeys?) throws -> RPCClient {
        let client = try RPCClient(
            peer: "curved", endpoint: server.boundEndpoint, clock: clock, logger: logger,
            defaultTimeout: 2, curve: curve)
        clients.append(client)
        return client
    }

    /// Three calls in a row that must all fail with a transport error, never an answer.
    private func assertNoAnswer(_ client: RPCClient, line: UInt = #line) {
        for n in 0..<3 {
            let result = client.call(TestEcho.self, .init(text: "let me in", n: n), timeout: 0.5)
            XCTAssertNil(result.successValue, "answered", line: line)
            XCTAssertTrue(
                [RPCError.Code.peerUnavailable, RPCError.Code.timeout].contains(result.failureValue?.code ?? ""),
                "\(result)", line: line)
        }
    }

    func testCallsBetweenKeysEachSideKnowsAreAnswered() throws {
        // Given a CURVE server on loopback admitting the client's key
        let server = try makeServer(admitting: [clientPair.publicKey])
        let client = try makeClient(server, curve: CurveClientKeys(keyPair: clientPair, serverKey: serverPair.publicKey))

        // When the client calls
        let result = client.call(TestEcho.self, .init(text: "curve", n: 1))

        // Then the round trip works
        XCTAssertEqual(result.successValue, TestEcho.Response(text: "curve", n: 1))
        XCTAssertEqual(handled, 1)
    }

    func testDeferredRepliesOfACurveServerWakeItsThreadThroughItsOwnInprocWaker() throws {
        // Given a CURVE server whose deferred handler answers from another thread
        let server = try RPCServer(
            name: "curved", endpoint: "tcp://127.0.0.1:*", clock: clock, logger: logger,
            curve: CurveServerKeys(keyPair: serverPair, admittedClients: [clientPair.publicKey]))
        server.registerDeferred(JobRun.self) { request, _, reply in
            DispatchQueue.global().async { reply(.success(JobRun.Response(processed: request.name.count))) }
        }
        _ = started(server)
        let client = try makeClient(server, curve: CurveClientKeys(keyPair: clientPair, serverKey: serverPair.publicKey))

        // When it is called three times, one after another
        for name in ["a", "bb", "ccc"] {
            XCTAssertEqual(client.call(JobRun.self, .init(name: name)).successValue?.processed, name.count)
        }

        // Then each reply woke the server thread with a message from its waker, which the
        // CURVE server admits over inproc: no reply waited for the end of a poll interval
        XCTAssertEqual(server.wakeUpsForTests, 3)
    }

    func testAClientWithAnUnknownKeyGetsNoAnswerWhileAnAdmittedOneDoes() throws {
        // Given a server admitting one client key, and a client holding another
        let server = try makeServer(admitting: [clientPair.publicKey])
        let stranger = try makeClient(server, curve: CurveClientKeys(keyPair: try CurveKeyPair.generate(), serverKey: serverPair.publicKey))

        // When the stranger calls, then it gets no answer and the handler never ran
        assertNoAnswer(stranger)
        XCTAssertEqual(handled, 0)

        // And the admitted client, on the same server, is answered
        let admitted = try makeClient(server, curve: CurveClientKeys(keyPair: clientPair, serverKey: serverPair.publicKey))
        XCTAssertEqual(admitted.call(TestEcho.self, .init(text: "ok", n: 2)).successValue?.text, "ok")
        XCTAssertEqual(handled, 1)
    }

    func testAClientWithoutCurveGetsNoAnswer() throws {
        // Given a CURVE server and a plain client
        let server = try makeServer(admitting: [clientPair.publicKey])
        let plain = try makeClient(server, curve: nil)

        // When it calls, then it gets no answer and the handler never ran
        assertNoAnswer(plain)
        XCTAssertEqual(handled, 0)
    }

    func testAClientExpectingAnotherServerKeyGetsNoAnswer() throws {
        // Given an admitted client that expects a different server key (another server at that address)
        let server = try makeServer(admitting: [clientPair.publicKey])
        let misled = try makeClient(server, curve: CurveClientKeys(keyPair: clientPair, serverKey: try CurveKeyPair.generate().publicKey))

        // When it calls, then the handshake fails and nothing is answered
        assertNoAnswer(misled)
        XCTAssertEqual(handled, 0)
    }

    func testServersOfOneContextEachAdmitTheirOwnClientsAndAServerAfterThemStillChecks() throws {
        // Given two CURVE servers in this process, each admitting a different client
        let other = try CurveKeyPair.generate()
        let first = try makeServer(admitting: [clientPair.publicKey])
        let second = try makeServer(admitting: [other.publicKey])
        let toFirst = CurveClientKeys(keyPair: clientPair, serverKey: serverPair.publicKey)
        let otherToFirst = CurveClientKeys(keyPair: other, serverKey: serverPair.publicKey)

        // Then each answers its own client only
        XCTAssertNotNil(try makeClient(first, curve: toFirst).call(TestEcho.self, .init(text: "a", n: 0)).successValue)
        XCTAssertNotNil(try makeClient(second, curve: otherToFirst).call(TestEcho.self, .init(text: "b", n: 0)).successValue)
        assertNoAnswer(try makeClient(first, curve: otherToFirst))
        assertNoAnswer(try makeClient(second, curve: toFirst))

        // When both stop (the ZAP handler with them) and a new server starts
        for client in clients { client.close() }
        clients = []
        first.stop()
        second.stop()
        let third = try makeServer(admitting: [clientPair.publicKey])

        // Then it still refuses a client it was not given, and answers its own
        assertNoAnswer(try makeClient(third, curve: CurveClientKeys(keyPair: other, serverKey: serverPair.publicKey)))
        XCTAssertNotNil(try makeClient(third, curve: toFirst).call(TestEcho.self, .init(text: "c", n: 0)).successValue)
    }
}
