import ChatService
import Foundation
import Shared

/// Measurements that need the hub's own types, for the scripts under bench/.
///   appnorth-bench rpc-hop [seconds]   chat.status over ZeroMQ vs the same store call in-process
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "rpc-hop" else {
    FileHandle.standardError.write(Data("usage: appnorth-bench rpc-hop [seconds]\n".utf8))
    exit(2)
}
let seconds = arguments.count > 1 ? Double(arguments[1]) ?? 5 : 5
let directory = NSTemporaryDirectory() + "appnorth-hop-" + String(TimeSortableID.shared.next().suffix(12))
defer { try? FileManager.default.removeItem(atPath: directory) }
let config = try HubConfig(environment: ["APPNORTH_DATA_DIR": directory], currentDirectory: "/")
let clock = SystemClock()
let logger = Logger(daemon: "bench", level: .error, clock: clock)
let chatd = try Daemon(spec: ChatDaemon.spec, config: config, clock: clock, logger: logger)
try chatd.start()
let client = try RPCClient(peer: "chatd", endpoint: config.endpoint(for: .chatd), clock: clock, logger: logger, defaultTimeout: 2)
let owner = ChatOwner(projectId: "bench-project", kind: .token, value: SHA256.hex("bench-voter-token"))
_ = try client.call(ChatSend.self, ChatSend.Request(owner: owner, body: "Hello", imageTokens: [], locale: "en", platform: "ios",
                                                    bundleId: nil, idempotencyKey: nil, payloadHash: "h")).get()
let store = ChatStore(db: chatd.context.store, clock: clock)

/// Calls per second of `body` run back to back on one thread for `seconds`.
func rate(_ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<1_000 { try body() }
    var calls = 0
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
        for _ in 0..<100 { try body() }
        calls += 100
    }
    return Double(calls) / Date().timeIntervalSince(start)
}

let direct = try rate { _ = try store.status(of: owner) }
let overZMQ = try rate { _ = try client.call(ChatStatus.self, ChatStatus.Request(owner: owner)).get() }
client.close()
chatd.stop()
print(String(format: "chat.status in-process: %.0f calls/s (%.1f us each)", direct, 1e6 / direct))
print(String(format: "chat.status over ZeroMQ (ipc, one caller): %.0f calls/s (%.1f us each)", overZMQ, 1e6 / overZMQ))
print(String(format: "hop cost: %.1fx the in-process call, +%.1f us per call", direct / overZMQ, 1e6 / overZMQ - 1e6 / direct))
logger.flush()
exit(0)
