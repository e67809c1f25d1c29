import ChatService
import Foundation
import HubCrypto
import HubDaemon
import HubHTTPClient
import HubMessaging
import HubRuntime

/// Measurements that need the hub's own types, for the scripts under bench/.
///   appnorth-bench rpc-hop [seconds]   chat.status over ZeroMQ vs the same store call in-process
///   appnorth-bench multiplex <base URL> <CA file> <requests> <body file> <devices file> <JWT>
///                  <expiration> <streams> <batch>
///                  APNs-shaped POSTs through `HTTPMultiplexClient` alone, fed in batches as pushd
///                  feeds them, every request built before the clock starts; prints "rate failed"
///   appnorth-bench sqlite-ceiling <target db> <source db> <batch> savepoints|none <setup SQL> <plan SQL> <before-commit SQL>
///                  the rows of acknowledged writes replayed through prepared statements, see `SQLiteCeiling`
///   appnorth-bench discord-sync <fake control URL> <apps> <threads file>
///                  pushd's `discord-sync` passes over open threads, see `DiscordSyncBench`
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "rpc-hop": try rpcHop(seconds: arguments.count > 1 ? Double(arguments[1]) ?? 5 : 5)
case "multiplex" where arguments.count == 10: multiplex(Array(arguments.dropFirst()))
case "sqlite-ceiling" where arguments.count == 8 && ["savepoints", "none"].contains(arguments[4]):
    try SQLiteCeiling.run(
        target: arguments[1], source: arguments[2], batch: Int(arguments[3]) ?? 64, savepoints: arguments[4] == "savepoints",
        setup: arguments[5], plan: arguments[6], beforeCommit: arguments[7])
case "discord-sync" where arguments.count == 4:
    try DiscordSyncBench.run(controlURL: arguments[1], apps: Int(arguments[2]) ?? 1, threadsFile: arguments[3])
default:
    FileHandle.standardError.write(
        Data(
            "usage: appnorth-bench rpc-hop [seconds] | multiplex <base URL> <CA file> <requests> <body file> <devices file> <JWT> <expiration> <streams> <batch> | sqlite-ceiling <target db> <source db> <batch> savepoints|none <setup SQL> <plan SQL> <before-commit SQL> | discord-sync <fake control URL> <apps> <threads file>\n"
                .utf8))
    exit(2)
}

func rpcHop(seconds: Double) throws {
    let directory = NSTemporaryDirectory() + "appnorth-hop-" + String(TimeSortableID.shared.next().suffix(12))
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let config = try HubConfig(environment: ["APPNORTH_DATA_DIR": directory], currentDirectory: "/")
    let clock = SystemClock()
    let logger = Logger(daemon: "bench", level: .error, clock: clock)
    let chatd = try Daemon(spec: ChatDaemon.spec, config: config, clock: clock, logger: logger)
    try chatd.start()
    let client = try RPCClient(peer: "chatd", endpoint: config.endpoint(for: .chatd), clock: clock, logger: logger, defaultTimeout: 2)
    let owner = ChatOwner(projectId: "bench-project", kind: .token, value: SHA256.hex("bench-voter-token"))
    _ = try client.call(
        ChatSend.self,
        ChatSend.Request(
            owner: owner, body: "Hello", imageTokens: [], locale: "en", platform: "ios",
            bundleId: nil, idempotencyKey: nil, payloadHash: "h")
    ).get()
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
}

func multiplex(_ arguments: [String]) {
    let (base, caFile, total) = (arguments[0], arguments[1], Int(arguments[2]) ?? 0)
    let body = Array((try? Data(contentsOf: URL(fileURLWithPath: arguments[3]))) ?? Data())
    let devices = ((try? String(contentsOfFile: arguments[4], encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    let (jwt, expiration) = (arguments[5], arguments[6])
    let (streams, batchSize) = (Int(arguments[7]) ?? 500, max(1, Int(arguments[8]) ?? 500))
    guard total > 0, !devices.isEmpty else { exit(2) }
    var options = HTTPClientOptions()
    options.extraCAFile = caFile
    let client = HTTPMultiplexClient(options: options, maxConcurrentStreams: streams)
    let shared = [
        ("authorization", "bearer " + jwt), ("apns-topic", "com.example.bench"), ("apns-push-type", "alert"),
        ("apns-expiration", expiration), ("content-type", "application/json"),
    ]
    // Prepared before the clock starts, as pushd prepares each push while it reads its queue.
    let requests = (0..<total).map { n in
        HTTPStreamRequest(
            HTTPClientRequest(
                method: "POST", url: base + "/3/device/" + devices[n % devices.count],
                headers: [("apns-id", UUID().uuidString.lowercased())], body: body))
    }
    var fed = 0
    var failed = 0
    let start = Date()
    client.send(
        feed: {
            guard fed < total else { return nil }
            defer { fed += batchSize }
            return HTTPRequestBatch(
                prepared: Array(requests[fed..<min(total, fed + batchSize)]), sharedHeaders: shared,
                omitting: ["Accept", "User-Agent"])
        },
        completed: { results in
            failed += results.filter { (try? $0.get().status) != 200 }.count
        })
    print(String(format: "%.0f %d", Double(total) / Date().timeIntervalSince(start), failed))
    exit(0)
}
