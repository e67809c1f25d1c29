import Foundation
import TestSupport
import XCTest

@testable import HubDaemon
@testable import HubMessaging
@testable import HubRuntime

/// Issue 18: a hub whose daemons talk over `tcp://` (as across hosts) authenticates every
/// ZeroMQ connection with CURVE: the daemons reach each other, nobody else gets an answer.
final class HubCurveTests: XCTestCase {
    var hub: HubHarness!
    var pair: CurveKeyPair!

    override func setUpWithError() throws {
        // One process runs all five here, so they share one key pair, listed for every daemon.
        pair = try CurveKeyPair.generate()
        var env = [RPCCurveKeys.secretVariable: pair.secretKey, RPCCurveKeys.publicVariable: pair.publicKey]
        for daemon in DaemonName.allCases {
            let port = try XCTUnwrap(LoopbackPort.free())
            env["APPNORTH_\(daemon.rawValue.uppercased())_ENDPOINT"] = "tcp://127.0.0.1:\(port)"
            env[RPCCurveKeys.publicVariable(of: daemon)] = pair.publicKey
        }
        hub = try HubHarness(environment: env)
        try hub.start()
    }

    override func tearDown() { hub.shutdown() }

    func testDaemonsReachEachOtherOverCurveAndOthersGetNoAnswer() throws {
        // Given the five daemons on loopback tcp:// endpoints
        XCTAssertTrue(hub.config.endpoint(for: .chatd).hasPrefix("tcp://127.0.0.1:"))

        // When /healthz asks every backend over ZeroMQ
        let health = try hub.get("/healthz")

        // Then all four answered ingest
        XCTAssertEqual(health.status, 200, health.text)

        // And a client with the hub's keys is answered, one with another key or none is not
        let member = try hub.client(of: .chatd, curve: hub.config.curveClient(for: .chatd))
        defer { member.close() }
        XCTAssertEqual(try member.call(SysPing.self, RPCEmpty()).get().name, "chatd")
        let strangerKeys = CurveClientKeys(keyPair: try CurveKeyPair.generate(), serverKey: pair.publicKey)
        for curve in [strangerKeys, nil] {
            let outsider = try hub.client(of: .chatd, curve: curve)
            defer { outsider.close() }
            let result = outsider.call(SysPing.self, RPCEmpty(), timeout: 0.5)
            guard case .failure(let error) = result else {
                return XCTFail("an outsider was answered (curve: \(String(describing: curve)))")
            }
            XCTAssertTrue([RPCError.Code.peerUnavailable, RPCError.Code.timeout].contains(error.code), "\(error)")
        }
    }
}
