import Foundation
import HubCrypto
import HubDaemon
import HubHTTPClient
import HubMessaging
import HubRuntime
import HubStore
import PushService

/// `appnorth-bench discord-sync <control URL> <apps> <threads file>`: pushd runs in this
/// process (the configuration from the environment: `APPNORTH_DATA_DIR` shared with a running
/// chatd, `DISCORD_*` and `APPNORTH_DISCORD_API_URL` naming the fake, the schedule off), its
/// Discord tables are replaced by `apps` installations on one channel holding the file's
/// threads in turn (`<thread ID> <1 when the thread holds a new reply>` per line; a thread with
/// a reply gets a real conversation in chatd so the reply can land), then `discord-sync` passes
/// run back to back over pushd's RPC until every thread has been read once. Prints the first
/// pass and the whole sweep: wall time, Discord requests (from the fake's log), replies, and
/// this process's RSS before, after and at its peak.
enum DiscordSyncBench {
    static let guildId = "700000000000000001"
    static let channelId = "600000000000000001"
    static let installerId = "800000000000000001"

    static func run(controlURL: String, apps: Int, threadsFile: String) throws {
        let threads = try String(contentsOfFile: threadsFile, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            return (id: String(fields[0]), reply: fields.count > 1 && fields[1] == "1")
        }
        guard apps > 0, !threads.isEmpty else { throw BenchError("no apps or no threads") }
        let config = try HubConfig(environment: ProcessInfo.processInfo.environment, currentDirectory: "/")
        let clock = SystemClock()
        let logger = Logger(daemon: "bench", level: .error, clock: clock)
        let pushd = try Daemon(spec: PushDaemon.spec, config: config, clock: clock, logger: logger)
        try pushd.start()
        let db = pushd.context.store
        let run = String(TimeSortableID.shared.next().suffix(8))
        let project = { (index: Int) in "bench-\(run)-app-\(index % apps)" }

        // Conversations for the threads that hold a reply, created before any installation
        // exists so their creation events queue nothing for Discord.
        let chatd = try RPCClient(peer: "chatd", endpoint: config.endpoint(for: .chatd), clock: clock, logger: logger, defaultTimeout: 10)
        var subjects: [String] = []
        for (index, thread) in threads.enumerated() {
            guard thread.reply else {
                subjects.append("quiet-\(index)")
                continue
            }
            let owner = ChatOwner(projectId: project(index), kind: .token, value: SHA256.hex("discord-bench-\(run)-\(index)"))
            _ = try chatd.call(
                ChatSend.self,
                ChatSend.Request(
                    owner: owner, body: "Hello from \(index)", imageTokens: [], locale: "en", platform: "ios", bundleId: nil,
                    idempotencyKey: nil, payloadHash: "h")
            ).get()
            guard let id = try chatd.call(ChatStatus.self, ChatStatus.Request(owner: owner)).get().conversationId else {
                throw BenchError("chatd made no conversation")
            }
            subjects.append(id)
        }
        let created = subjects.filter { !$0.hasPrefix("quiet-") }.count
        // Each new conversation sends two events (its creation and its first message); both
        // must have reached pushd before the installations exist.
        let deadline = Date().addingTimeInterval(60)
        let arrived = {
            try db.scalar(
                "SELECT COUNT(*) FROM chat_events WHERE project_id LIKE ? AND topic IN (?, ?)",
                [
                    .text("bench-\(run)-%"), .text(OutboxTopic.chatConversationCreated.rawValue),
                    .text(OutboxTopic.chatUserMessage.rawValue),
                ]
            ).intValue ?? 0
        }
        while try arrived() < 2 * created {
            guard Date() < deadline else { throw BenchError("chatd's events did not reach pushd within 60 s") }
            Thread.sleep(forTimeInterval: 0.05)
        }

        try db.transaction {
            for table in ["discord_outbox", "discord_threads", "discord_installations", "discord_meta"] {
                try db.run("DELETE FROM \(table)")
            }
            let now = ISOTime.format(clock.now())
            for app in 0..<min(apps, threads.count) {
                try db.run(
                    """
                    INSERT INTO discord_installations (project_id, organization_id, app_name, guild_id, guild_name, channel_id,
                        installer_user_id, installer_username, installer_member_id, hub_url, created_at)
                    VALUES (?, 'bench-org', ?, ?, 'Support server', ?, ?, 'ana', 'member-ana', 'http://127.0.0.1', ?)
                    """, [.text(project(app)), .text("App \(app)"), .text(guildId), .text(channelId), .text(installerId), .text(now)])
            }
            for (index, thread) in threads.enumerated() {
                try db.run(
                    """
                    INSERT INTO discord_threads (project_id, subject_kind, subject_id, thread_id, name, status, created_at)
                    VALUES (?, 'chat', ?, ?, ?, 'open', ?)
                    """, [.text(project(index)), .text(subjects[index]), .text(thread.id), .text("Thread \(index)"), .text(now)])
            }
        }

        let control = HTTPClient()
        // Counted in the raw answer: decoding thousands of entries would weigh on the RSS measured.
        let entry = Array(#""method": ""#.utf8)
        func requestsLogged() throws -> Int {
            let body = try control.send(HTTPClientRequest(url: controlURL + "/__control/log", timeout: 60)).body
            var count = 0
            var index = 0
            while index + entry.count <= body.count {
                if body[index] == entry[0] && Array(body[index..<index + entry.count]) == entry {
                    count += 1
                    index += entry.count
                } else {
                    index += 1
                }
            }
            return count
        }
        func visited() throws -> Int { try db.scalar("SELECT COUNT(*) FROM discord_threads WHERE polled_ms > 0").intValue ?? 0 }
        let client = try RPCClient(peer: "pushd", endpoint: config.endpoint(for: .pushd), clock: clock, logger: logger, defaultTimeout: 120)
        func pass() throws -> (seconds: Double, processed: Int) {
            let start = Date()
            let processed = try client.call(JobRun.self, JobRun.Request(name: "discord-sync")).get().processed
            return (Date().timeIntervalSince(start), processed)
        }

        let rssBefore = memory("VmRSS")
        let logBefore = try requestsLogged()
        resetPeak()
        let first = try pass()
        let firstVisited = try visited()
        let rssFirst = memory("VmRSS")
        var peak = memory("VmHWM")
        let firstRequests = try requestsLogged() - logBefore
        resetPeak()
        var passes = 1
        var seconds = first.seconds
        var replies = first.processed
        while try visited() < threads.count && passes < 10_000 {
            let next = try pass()
            passes += 1
            seconds += next.seconds
            replies += next.processed
        }
        let rssAfter = passes > 1 ? memory("VmRSS") : rssFirst
        if passes > 1 { peak = max(peak, memory("VmHWM")) }
        let allRequests = try requestsLogged() - logBefore
        let posts = try db.scalar("SELECT COUNT(*) FROM discord_outbox").intValue ?? 0
        let expected = threads.filter(\.reply).count
        print(
            String(
                format: "first pass: %.3f s, %d Discord requests, %d of %d threads read, %d replies",
                first.seconds, firstRequests, firstVisited, threads.count, first.processed))
        print(
            String(
                format:
                    "every thread read once: %d passes back to back, %.3f s of passes, %d Discord requests, %d of %d replies, %d posts queued",
                passes, seconds, allRequests, replies, expected, posts))
        print(
            "pushd RSS (this process): \(rssBefore / 1024) MiB before, \(rssFirst / 1024) MiB after the first pass, "
                + "\(rssAfter / 1024) MiB after the sweep, peak \(peak / 1024) MiB (VmHWM)")
        client.close()
        chatd.close()
        pushd.stop()
        logger.flush()
        exit(replies == expected && posts == 0 ? 0 : 1)
    }

    /// The peak from here on, leaving out the bench's own reading of the fake's log: 5 resets
    /// VmHWM to the current RSS.
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// A line of /proc/self/status in KiB.
    static func memory(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
