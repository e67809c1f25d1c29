import ChatService
import Foundation
import HubMessaging
import HubRuntime

/// `appnorth-bench rpc-hop [seconds]`: per-call latency, on one calling thread, of
///   (a) a bare libzmq DEALER/ROUTER round trip over ipc with the sizes of `chat.status`,
///   (b) `chat.status` through `RPCClient`/`RPCServer` to chatd's real `ChatStore`,
///   (c) the same store call in process,
/// in alternating rounds of a fifth of a second (for 5 s) so load on the machine weighs on all
/// three alike; then the hop's added latency, (b) − (c), as a multiple of (a), and what the
/// envelope's JSON costs. With `only` ("a", "b" or "c") it runs that one alone for the whole
/// time and prints its calls, for a profiler or `strace -c` to count what one call costs.
enum RPCHopBench {
    /// Short rounds, so a burst of load from elsewhere on the machine lands on all three alike.
    static let rounds = 25

    static func run(seconds: Double, only: String? = nil) throws {
        let bench = try BenchChatd(prefix: "appnorth-hop-")
        let (client, store, owner, clock) = (bench.client, bench.store, bench.owner, bench.clock)
        let status = try store.status(of: owner)
        let request = try RPCEnvelope.encodeRequest(
            v: ChatStatus.version, type: ChatStatus.type, id: TimeSortableID.shared.next(), deadline: clock.nowMillis() + 2000,
            body: ChatStatus.Request(owner: owner))
        let reply = try RPCEnvelope.encodeReply(
            v: ChatStatus.version, type: ChatStatus.type, id: TimeSortableID.shared.next(), body: status)
        let bare = BareZMQEcho(endpoint: "ipc://\(bench.directory)/bare.sock", requestBytes: request.count, replyBytes: reply.count)

        for _ in 0..<1_000 {
            bare.roundTrip()
            _ = try client.call(ChatStatus.self, ChatStatus.Request(owner: owner)).get()
            _ = try store.status(of: owner)
        }
        var (a, b, c) = (LatencySamples(), LatencySamples(), LatencySamples())
        if let only {
            var samples = LatencySamples()
            switch only {
            case "a": samples.record(for: seconds) { bare.roundTrip() }
            case "b": try samples.record(for: seconds) { _ = try client.call(ChatStatus.self, ChatStatus.Request(owner: owner)).get() }
            default: try samples.record(for: seconds) { _ = try store.status(of: owner) }  // "c": main admits only a, b and c
            }
            bench.stop()
            bare.close()
            print("(\(only)) alone after 1,000 warm-up calls of each: \(samples.summary)")
            return
        }
        let slice = seconds / Double(rounds)
        for _ in 0..<rounds {
            a.record(for: slice) { bare.roundTrip() }
            try b.record(for: slice) { _ = try client.call(ChatStatus.self, ChatStatus.Request(owner: owner)).get() }
            try c.record(for: slice) { _ = try store.status(of: owner) }
        }
        let json = try envelopeCost(request: request, reply: reply, owner: owner, status: status, clock: clock)
        bench.stop()
        bare.close()

        print("message sizes: request \(request.count) B, reply \(reply.count) B")
        print("(a) bare libzmq DEALER/ROUTER round trip (ipc): \(a.summary)")
        print("(b) chat.status through RPCClient/RPCServer: \(b.summary)")
        print("(c) chat.status in process: \(c.summary)")
        for p in [50.0, 99.0] {
            let added = b.percentile(p) - c.percentile(p)
            print(String(format: "p%.0f added latency (b)-(c): %.1f us = %.2fx (a)", p, added, added / a.percentile(p)))
        }
        print(json)
    }

    /// Median CPU time of each JSON pass one call makes, measured alone on this thread.
    private static func envelopeCost(
        request: Data, reply: Data, owner: ChatOwner, status: ChatStatus.Response, clock: Clock
    ) throws -> String {
        func median(_ body: () throws -> Void) rethrows -> Double {
            var samples = LatencySamples()
            for _ in 0..<200 { try body() }
            try samples.record(for: 0.3, body)
            return samples.percentile(50)
        }
        let encodeRequest = try median {
            _ = try RPCEnvelope.encodeRequest(v: 1, type: ChatStatus.type, id: "id", deadline: 1, body: ChatStatus.Request(owner: owner))
        }
        let decodeRequest = median {
            _ = RPCEnvelope.decodeRequestHeader(request)
            _ = RPCEnvelope.decodeRequestBody(ChatStatus.Request.self, from: request)
        }
        let encodeReply = try median { _ = try RPCEnvelope.encodeReply(v: 1, type: ChatStatus.type, id: "id", body: status) }
        // What a blocking call reads: the reply's ID and body in one pass.
        let decodeReply = median { _ = RPCEnvelope.decodeReplyWithID(ChatStatus.Response.self, from: reply) }
        return String(
            format:
                "envelope JSON per call (p50 each): client encode %.1f us, server decode %.1f us, server encode %.1f us, client decode %.1f us; %.1f us in all",
            encodeRequest, decodeRequest, encodeReply, decodeReply, encodeRequest + decodeRequest + encodeReply + decodeReply)
    }
}
