import Foundation
import TestSupport
import XCTest

@testable import HubDaemon
@testable import HubMessaging
@testable import HubRuntime

/// The link to chatd, the one every chat message crosses as a group-committed write, runs on
/// the ZeroMQ context whose I/O thread is under SCHED_BATCH when the daemons are; every other
/// link keeps the context under Linux's default policy.
final class HubConfigRPCContextTests: XCTestCase {
    private var directory: String!

    override func setUp() {
        directory = temporaryDirectoryPath("appnorth-rpc-context")
    }

    private func config(_ scheduling: String?) throws -> HubConfig {
        var environment = ["APPNORTH_DATA_DIR": directory!]
        if let scheduling { environment["APPNORTH_CPU_SCHEDULING"] = scheduling }
        return try HubConfig(environment: environment, currentDirectory: "/")
    }

    func testTheProcessWideContextsStartTheirThreadsUnderTheirOwnPolicies() {
        XCTAssertEqual(ZMQContext.shared.ioThreads, .normal)
        XCTAssertEqual(ZMQContext.batch.ioThreads, .batch)
        XCTAssertFalse(ZMQContext.shared === ZMQContext.batch)
    }

    func testUnderBatchOnlyChatdsLinkTakesTheBatchContext() throws {
        // Given the default scheduling, which is batch
        let config = try config(nil)
        XCTAssertEqual(config.cpuScheduling, .batch)
        // Then chatd's link is on the batch context and every other daemon's on the shared one
        XCTAssertTrue(config.rpcContext(for: .chatd) === ZMQContext.batch)
        for daemon in DaemonName.allCases where daemon != .chatd {
            XCTAssertTrue(config.rpcContext(for: daemon) === ZMQContext.shared, daemon.rawValue)
        }
    }

    func testUnderNormalEveryLinkKeepsTheDefaultPolicy() throws {
        let config = try config("normal")
        for daemon in DaemonName.allCases {
            XCTAssertTrue(config.rpcContext(for: daemon) === ZMQContext.shared, daemon.rawValue)
        }
    }

    func testChatdsServerAndItsClientsUseTheContextOfTheirLink() throws {
        // Given chatd's runtime under the default scheduling
        let config = try config(nil)
        let logger = Logger(daemon: "chatd", level: .error, sink: MemoryLogSink())
        let spec = DaemonSpec(name: .chatd, migrations: [.daemonMeta(.chatd)])
        let daemon = try Daemon(spec: spec, config: config, clock: SystemClock(), logger: logger)
        addTeardownBlock { daemon.stop() }  // after the clients close, before the directory goes
        try daemon.start()
        // Then its server and a hub client of it are on the batch context, a client of marketd is not
        XCTAssertTrue(daemon.context.rpc.context === ZMQContext.batch)
        let chatd = try RPCClient(peer: .chatd, config: config, clock: SystemClock(), logger: logger, defaultTimeout: 5)
        let marketd = try RPCClient(peer: .marketd, config: config, clock: SystemClock(), logger: logger, defaultTimeout: 5)
        addTeardownBlock {
            chatd.close()
            marketd.close()
        }
        XCTAssertTrue(chatd.context === ZMQContext.batch)
        XCTAssertTrue(marketd.context === ZMQContext.shared)
        // And a call crosses the batch context's sockets
        XCTAssertNoThrow(try chatd.call(SysPing.self, RPCEmpty()).get())
    }
}
