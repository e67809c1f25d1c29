import Foundation
import XCTest

@testable import HubMessaging
@testable import HubRuntime

/// The setting the RPC test classes share: an ipc directory, a captured log, and servers
/// and clients that are stopped and closed after each test.
class RPCTestCase: XCTestCase {
    var dir: IPCDirectory!
    var logs: MemoryLogSink!
    var logger: Logger!
    let clock = SystemClock()
    var servers: [RPCServer] = []
    var clients: [RPCClient] = []

    override func setUp() {
        dir = IPCDirectory()
        logs = MemoryLogSink()
        logger = Logger(daemon: "test", level: .debug, sink: logs)
    }

    override func tearDown() {
        for client in clients { client.close() }
        for server in servers { server.stop() }
        servers = []
        clients = []
        dir.remove()
    }

    /// Starts `server` and stops it after the test.
    func started(_ server: RPCServer) -> RPCServer {
        server.start()
        servers.append(server)
        return server
    }

    /// A client of the peer `peer`, closed after the test.
    func makeClient(_ endpoint: String, peer: String, clock: Clock? = nil, timeout: TimeInterval) throws -> RPCClient {
        let client = try RPCClient(peer: peer, endpoint: endpoint, clock: clock ?? self.clock, logger: logger, defaultTimeout: timeout)
        clients.append(client)
        return client
    }
}
