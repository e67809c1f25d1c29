import ChatService
import Foundation
import HubCrypto
import HubDaemon
import HubHTTPClient
import HubMessaging
import HubRuntime

/// Measurements that need the hub's own types, for the scripts under bench/.
///   appnorth-bench rpc-hop [seconds] [a|b|c]   chat.status over ZeroMQ vs a bare libzmq round trip and
///                  the same store call in process, see `RPCHopBench`; with a, b or c that one alone
///   appnorth-bench http-hop <port>     serves chat.status over HTTP through ZeroMQ and in process,
///                  see `HTTPHopBench`
///   appnorth-bench multiplex <base URL> <CA file> <requests> <body file> <devices file> <JWT>
///                  <expiration> <streams> <batch>
///                  APNs-shaped POSTs through `HTTPMultiplexClient` alone, fed in batches as pushd
///                  feeds them, every request built before the clock starts; prints "rate failed"
///   appnorth-bench sqlite-ceiling <target db> <source db> <batch> savepoints|none|uncheckpointed <setup SQL> <plan SQL> <before-commit SQL>
///                  the rows of acknowledged writes replayed through prepared statements, see `SQLiteCeiling`
///   appnorth-bench discord-sync <fake control URL> <apps> <threads file>
///                  pushd's `discord-sync` passes over open threads, see `DiscordSyncBench`
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "rpc-hop" where arguments.count <= 2 || (arguments.count == 3 && ["a", "b", "c"].contains(arguments[2])):
    try RPCHopBench.run(seconds: arguments.count > 1 ? Double(arguments[1]) ?? 5 : 5, only: arguments.count > 2 ? arguments[2] : nil)
    exit(0)
case "http-hop" where arguments.count == 2: try HTTPHopBench.serve(port: UInt16(arguments[1]) ?? 0)
case "multiplex" where arguments.count == 10: multiplex(Array(arguments.dropFirst()))
case "sqlite-ceiling" where arguments.count == 8 && ["savepoints", "none", "uncheckpointed"].contains(arguments[4]):
    try SQLiteCeiling.run(
        target: arguments[1], source: arguments[2], batch: Int(arguments[3]) ?? 64, savepoints: arguments[4] == "savepoints",
        checkpoints: arguments[4] != "uncheckpointed", setup: arguments[5], plan: arguments[6], beforeCommit: arguments[7])
case "discord-sync" where arguments.count == 4:
    try DiscordSyncBench.run(controlURL: arguments[1], apps: Int(arguments[2]) ?? 1, threadsFile: arguments[3])
default:
    FileHandle.standardError.write(
        Data(
            "usage: appnorth-bench rpc-hop [seconds] [a|b|c] | http-hop <port> | multiplex <base URL> <CA file> <requests> <body file> <devices file> <JWT> <expiration> <streams> <batch> | sqlite-ceiling <target db> <source db> <batch> savepoints|none|uncheckpointed <setup SQL> <plan SQL> <before-commit SQL> | discord-sync <fake control URL> <apps> <threads file>\n"
                .utf8))
    exit(2)
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
