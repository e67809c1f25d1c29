import XCTest

@testable import HubDaemon
@testable import HubMessaging
@testable import HubRuntime

/// Issue 18: ZeroMQ over `tcp://` is authenticated with CURVE; a hub refuses to run a
/// `tcp://` endpoint without the keys.
final class HubConfigCurveTests: XCTestCase {
    private var own: CurveKeyPair!
    private var chatd: CurveKeyPair!

    override func setUpWithError() throws {
        own = try CurveKeyPair.generate()
        chatd = try CurveKeyPair.generate()
    }

    private func config(_ env: [String: String]) throws -> HubConfig {
        try HubConfig(environment: ["APPNORTH_DATA_DIR": "/srv/hub"].merging(env) { _, new in new }, currentDirectory: "/")
    }

    private func assertRefused(_ env: [String: String], naming name: String, line: UInt = #line) {
        XCTAssertThrowsError(try config(env), line: line) { error in
            guard case .invalid(let variable, _, let reason)? = error as? ConfigError else { return XCTFail("\(error)", line: line) }
            XCTAssertEqual(variable, name, reason, line: line)
        }
    }

    func testATCPEndpointWithoutKeysIsRefused() {
        // Given chatd on tcp:// and no key pair
        let env = ["APPNORTH_CHATD_ENDPOINT": "tcp://10.0.0.2:7001", "APPNORTH_CHATD_CURVE_PUBLIC": chatd.publicKey]
        // Then the config names the missing secret, then the missing public key
        assertRefused(env, naming: "APPNORTH_RPC_CURVE_SECRET")
        assertRefused(env.merging(["APPNORTH_RPC_CURVE_SECRET": own.secretKey]) { _, new in new }, naming: "APPNORTH_RPC_CURVE_PUBLIC")
        // And with the pair but without chatd's public key, that key is named
        assertRefused(
            [
                "APPNORTH_CHATD_ENDPOINT": "tcp://10.0.0.2:7001",
                "APPNORTH_RPC_CURVE_SECRET": own.secretKey, "APPNORTH_RPC_CURVE_PUBLIC": own.publicKey,
            ],
            naming: "APPNORTH_CHATD_CURVE_PUBLIC")
    }

    func testKeysThatAreNotKeysOrDoNotMatchAreRefused() {
        let base = [
            "APPNORTH_CHATD_ENDPOINT": "tcp://10.0.0.2:7001", "APPNORTH_CHATD_CURVE_PUBLIC": chatd.publicKey,
            "APPNORTH_RPC_CURVE_SECRET": own.secretKey, "APPNORTH_RPC_CURVE_PUBLIC": own.publicKey,
        ]
        // A public key of another pair, keys one character short, and characters outside Z85
        assertRefused(base.merging(["APPNORTH_RPC_CURVE_PUBLIC": chatd.publicKey]) { _, new in new }, naming: "APPNORTH_RPC_CURVE_PUBLIC")
        assertRefused(
            base.merging(["APPNORTH_RPC_CURVE_SECRET": String(own.secretKey.dropLast())]) { _, new in new },
            naming: "APPNORTH_RPC_CURVE_SECRET")
        assertRefused(
            base.merging(["APPNORTH_CHATD_CURVE_PUBLIC": String(chatd.publicKey.dropLast()) + "~"]) { _, new in new },
            naming: "APPNORTH_CHATD_CURVE_PUBLIC")
        // And the secret never appears in the error
        XCTAssertThrowsError(try config(base.merging(["APPNORTH_RPC_CURVE_SECRET": String(own.secretKey.dropLast())]) { _, new in new })) {
            XCTAssertFalse(String(describing: $0).contains(String(self.own.secretKey.dropLast())))
        }
    }

    func testATCPEndpointWithKeysIsAcceptedAndOnlyItUsesCurve() throws {
        // Given chatd on tcp:// with every key, the other daemons on ipc://
        let config = try config([
            "APPNORTH_CHATD_ENDPOINT": "tcp://10.0.0.2:7001", "APPNORTH_CHATD_CURVE_PUBLIC": chatd.publicKey,
            "APPNORTH_INGEST_CURVE_PUBLIC": own.publicKey,
            "APPNORTH_RPC_CURVE_SECRET": own.secretKey, "APPNORTH_RPC_CURVE_PUBLIC": own.publicKey,
        ])
        // Then a client of chatd is a CURVE client expecting chatd's key, a client of pushd is not
        XCTAssertEqual(config.curveClient(for: .chatd), CurveClientKeys(keyPair: own, serverKey: chatd.publicKey))
        XCTAssertNil(config.curveClient(for: .pushd))
        XCTAssertNil(try config.curveServer(for: .ingest))
        // And chatd itself must hold chatd's key: with another pair it refuses to bind
        XCTAssertThrowsError(try config.curveServer(for: .chatd))
    }

    func testTheServerAdmitsEveryDaemonsKey() throws {
        // Given chatd's own process configuration
        let ingest = try CurveKeyPair.generate()
        let config = try config([
            "APPNORTH_CHATD_ENDPOINT": "tcp://0.0.0.0:7001", "APPNORTH_CHATD_CURVE_PUBLIC": chatd.publicKey,
            "APPNORTH_INGEST_CURVE_PUBLIC": ingest.publicKey,
            "APPNORTH_RPC_CURVE_SECRET": chatd.secretKey, "APPNORTH_RPC_CURVE_PUBLIC": chatd.publicKey,
        ])
        // Then its server admits the daemons' keys and no other
        XCTAssertEqual(try config.curveServer(for: .chatd)?.admittedClients, [chatd.publicKey, ingest.publicKey])
    }

    func testIPCOnlyNeedsNoKeys() throws {
        XCTAssertNil(try config([:]).rpcCurve)
    }
}
