import XCTest

@testable import HubDaemon
@testable import HubMessaging

final class HubConfigTests: XCTestCase {
    func testOneMachineDefaults() throws {
        // Given no APPNORTH_* variables
        let config = try HubConfig(environment: [:], currentDirectory: "/srv/hub")
        // Then data lives in ./data, HTTP on 127.0.0.1:8080, endpoints are ipc sockets under the data dir
        XCTAssertEqual(config.dataDirectory, "/srv/hub/data")
        XCTAssertEqual(config.httpHost, "127.0.0.1")
        XCTAssertEqual(config.httpPort, 8080)
        XCTAssertEqual(config.endpoint(for: .chatd), "ipc:///srv/hub/data/sock/chatd.ipc")
        XCTAssertEqual(config.storePath(for: .asod), "/srv/hub/data/asod.sqlite")
        XCTAssertEqual(config.logLevel, .info)
        XCTAssertEqual(config.cpuScheduling, .batch)
        XCTAssertEqual(config.httpEventLoop, .automatic)
        XCTAssertNil(config.adminToken)
    }

    func testVariablesOverrideDefaults() throws {
        let pair = try CurveKeyPair.generate()
        let config = try HubConfig(
            environment: [
                "APPNORTH_DATA_DIR": "/tmp/x", "APPNORTH_HTTP_ADDR": "0.0.0.0:18080",
                "APPNORTH_PUSHD_ENDPOINT": "tcp://10.0.0.2:7001", "APPNORTH_LOG_LEVEL": "debug",
                "APPNORTH_CPU_SCHEDULING": "normal", "APPNORTH_HTTP_EVENT_LOOP": "epoll",
                "APPNORTH_ADMIN_TOKEN": "an_" + String(repeating: "a", count: 32),
                "APPNORTH_RPC_CURVE_SECRET": pair.secretKey, "APPNORTH_RPC_CURVE_PUBLIC": pair.publicKey,
                "APPNORTH_PUSHD_CURVE_PUBLIC": pair.publicKey,
            ], currentDirectory: "/")
        XCTAssertEqual(config.dataDirectory, "/tmp/x")
        XCTAssertEqual(config.httpHost, "0.0.0.0")
        XCTAssertEqual(config.httpPort, 18080)
        XCTAssertEqual(config.endpoint(for: .pushd), "tcp://10.0.0.2:7001")
        XCTAssertEqual(config.endpoint(for: .chatd), "ipc:///tmp/x/sock/chatd.ipc")
        XCTAssertEqual(config.logLevel, .debug)
        XCTAssertEqual(config.cpuScheduling, .normal)
        XCTAssertEqual(config.httpEventLoop, .epoll)
        XCTAssertNotNil(config.adminToken)
    }

    func testBadValuesAreRefusedWithTheVariableName() {
        let cases: [[String: String]] = [
            ["APPNORTH_HTTP_ADDR": "8080"], ["APPNORTH_HTTP_ADDR": "host:99999"],
            ["APPNORTH_CHATD_ENDPOINT": "http://x"], ["APPNORTH_LOG_LEVEL": "loud"],
            ["APPNORTH_ADMIN_TOKEN": "an_short"], ["APPNORTH_RPC_TIMEOUT_MS": "-1"],
            ["APPNORTH_CPU_SCHEDULING": "realtime"], ["APPNORTH_CPU_SCHEDULING": "BATCH"],
            ["APPNORTH_HTTP_EVENT_LOOP": "select"], ["APPNORTH_HTTP_EVENT_LOOP": "Poll"],
        ]
        for env in cases {
            XCTAssertThrowsError(try HubConfig(environment: env, currentDirectory: "/")) { error in
                XCTAssertTrue(String(describing: error).hasPrefix(env.keys.first!), "\(error)")
            }
        }
    }
}
