import ChatService
import Foundation
import HubCrypto
import HubDaemon
import HubMessaging
import HubRuntime

/// chatd started in this process on a scratch data directory, one conversation of `owner`
/// in it, an `RPCClient` to it over ipc (on the link's ZeroMQ context, as ingest's), and its
/// `ChatStore` for the same calls in process.
struct BenchChatd {
    let directory: String
    let logger: Logger
    let clock = SystemClock()
    let chatd: Daemon
    let client: RPCClient
    let store: ChatStore
    let owner = ChatOwner(projectId: "bench-project", kind: .token, value: SHA256.hex("bench-voter-token"))

    init(prefix: String) throws {
        directory = NSTemporaryDirectory() + prefix + String(TimeSortableID.shared.next().suffix(12))
        // APPNORTH_CPU_SCHEDULING from the environment picks the ZeroMQ context of the link as in
        // the hub (`HubConfig.rpcContext(for:)`): `normal` runs both ends on the shared context.
        var environment = ["APPNORTH_DATA_DIR": directory]
        environment["APPNORTH_CPU_SCHEDULING"] = ProcessInfo.processInfo.environment["APPNORTH_CPU_SCHEDULING"]
        let config = try HubConfig(environment: environment, currentDirectory: "/")
        logger = Logger(daemon: "bench", level: .error, clock: clock)
        chatd = try Daemon(spec: ChatDaemon.spec, config: config, clock: clock, logger: logger)
        try chatd.start()
        client = try RPCClient(peer: .chatd, config: config, clock: clock, logger: logger, defaultTimeout: 2)
        _ = try client.call(
            ChatSend.self,
            ChatSend.Request(
                owner: owner, body: "Hello", imageTokens: [], locale: "en", platform: "ios",
                bundleId: nil, idempotencyKey: nil, payloadHash: "h")
        ).get()
        store = ChatStore(db: chatd.context.store, clock: clock)
    }

    func stop() {
        client.close()
        chatd.stop()
        logger.flush()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
