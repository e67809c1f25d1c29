import Foundation
import HubRuntime

/// Sends an installation's pending posts: the first post of a subject goes to the channel and
/// a public thread is started from it (the thread's ID is that message's), later ones go to the
/// thread. Each send carries a nonce stable across retries with `enforce_nonce`, and is marked
/// before it leaves; a send whose outcome was lost is reconciled against the channel's history
/// before anything is sent again.
final class DiscordDelivery: @unchecked Sendable {
    /// Discord answers a repeated nonce with the message it created for about this long.
    static let nonceWindowMs: Int64 = 5 * 60_000
    /// History read to find a send whose outcome was lost.
    static let reconcileLimit = 1_000
    static let maximumBackoff: TimeInterval = 3_600

    enum Step {
        case delivered
        case wait
        case stopInstallation
        case stopAll
    }

    private let store: PushStore
    private let api: DiscordAPI
    private let retryBase: TimeInterval
    private let logger: Logger

    init(store: PushStore, api: DiscordAPI, retryBase: TimeInterval, logger: Logger) {
        self.store = store
        self.api = api
        self.retryBase = retryBase
        self.logger = logger
    }

    /// Up to `budget` posts of the installation; returns how many completed and whether the
    /// whole bot must stop (a global 429).
    func deliver(_ installation: DiscordInstallation, budget: Int) throws -> (sent: Int, stopAll: Bool) {
        guard let channelId = installation.channelId else { return (0, false) }
        var blocked = Set<String>()
        var sent = 0
        let now = store.nowMillis
        for item in try store.pendingDiscordPosts(projectId: installation.projectId, limit: 200) {
            if sent >= budget { break }
            let subject = item.subjectKind + ":" + item.subjectId
            if blocked.contains(subject) { continue }
            if item.nextAttemptMs > now {
                blocked.insert(subject)
                continue
            }
            switch try post(item, installation, channelId: channelId) {
            case .delivered: sent += 1
            case .wait: blocked.insert(subject)
            case .stopInstallation: return (sent, false)
            case .stopAll: return (sent, true)
            }
        }
        if sent > 0, installation.errorCode != nil, installation.errorCode != "MESSAGE_CONTENT_INTENT",
            installation.errorCode != "RECONCILE_LIMIT"
        {
            try store.noteDiscordProblem(projectId: installation.projectId, code: nil, message: nil)
        }
        return (sent, false)
    }

    private func post(_ item: DiscordOutboxItem, _ installation: DiscordInstallation, channelId: String) throws -> Step {
        guard let thread = try store.discordThread(projectId: item.projectId, kind: item.subjectKind, id: item.subjectId) else {
            try store.finishDiscordPost(item, state: "done", reason: "NoThread")
            return .delivered
        }
        var current = item
        var threadId = thread.threadId
        // The starter went out but its thread was not started (a failure or a crash in between).
        if item.startsThread, threadId == nil, item.chunksSent > 0, let starter = item.markerMessageId {
            switch startThread(from: starter, channelId: channelId, name: thread.name) {
            case .success:
                try store.recordDiscordThread(projectId: item.projectId, kind: item.subjectKind, id: item.subjectId, threadId: starter)
                threadId = starter
            case .failure(let failure): return try failed(failure, current, installation, keepStarted: false)
            }
        }
        if !item.startsThread && threadId == nil { return .wait }
        let chunks = ChatOpsText.chunks(item.text, limit: ChatOpsText.discordUnits)
        while current.chunksSent < chunks.count {
            let index = current.chunksSent
            let target = (item.startsThread && index == 0) ? channelId : (threadId ?? channelId)
            let content = chunks[index]
            var messageId: String?
            var markerKept = current.startedMs != nil
            if let started = current.startedMs, store.nowMillis - started >= Self.nonceWindowMs {
                // The nonce no longer protects this send: look for it in the history first.
                switch reconcile(target: target, content: content, notBefore: started) {
                case .found(let id): messageId = id
                case .absent: markerKept = false
                case .limit:
                    try store.finishDiscordPost(current, state: "reconcile_limit", reason: "RECONCILE_LIMIT")
                    try store.noteDiscordProblem(
                        projectId: item.projectId, code: "RECONCILE_LIMIT",
                        message:
                            "A message whose delivery could not be confirmed was kept instead of risking a duplicate: more than 1,000 messages followed it in Discord."
                    )
                    return .delivered
                case .failed(let failure): return try failed(failure, current, installation, keepStarted: true)
                }
            }
            if messageId == nil {
                // A retry keeps the first try's marker: Discord's nonce window runs from the
                // message that try may have created, so a later mark would let it lapse unseen.
                if !markerKept { try store.markDiscordSendStarted(current) }
                let body: [String: Any] = [
                    "content": content, "nonce": current.nonce(chunk: index), "enforce_nonce": true,
                    "allowed_mentions": ["parse": [String]()],
                ]
                switch api.bot("POST", "/channels/\(target)/messages", body) {
                case .success(let result): messageId = (result as? [String: Any])?["id"] as? String
                case .failure(let failure): return try failed(failure, current, installation, keepStarted: true)
                }
            }
            guard let sentId = messageId else {
                return try failed(.init(kind: .transient, status: 200, detail: "no message id"), current, installation, keepStarted: true)
            }
            try store.recordDiscordChunk(current, chunkCount: chunks.count, messageId: sentId)
            current.chunksSent += 1
            current.startedMs = nil
            current.markerMessageId = sentId
            if item.startsThread && index == 0 {
                switch startThread(from: sentId, channelId: channelId, name: thread.name) {
                case .success:
                    try store.recordDiscordThread(projectId: item.projectId, kind: item.subjectKind, id: item.subjectId, threadId: sentId)
                    threadId = sentId
                case .failure(let failure): return try failed(failure, current, installation, keepStarted: false)
                }
            }
        }
        return .delivered
    }

    /// Starts the public thread from its starter message; one that exists already is that thread.
    private func startThread(from messageId: String, channelId: String, name: String) -> Result<Void, DiscordFailure> {
        switch api.bot("POST", "/channels/\(channelId)/messages/\(messageId)/threads", ["name": name, "auto_archive_duration": 10_080]) {
        case .success: return .success(())
        case .failure(let failure) where failure.kind == .threadExists: return .success(())
        case .failure(let failure): return .failure(failure)
        }
    }

    enum Reconciled {
        case found(String)
        case absent
        case limit
        case failed(DiscordFailure)
    }

    /// Discord's epoch, the origin of the time in a snowflake ID.
    static let discordEpochMs: UInt64 = 1_420_070_400_000
    /// Clocks of the hub and Discord may differ this much.
    static let clockSlackMs: Int64 = 60_000

    /// Reads the target's history, newest first, for the bot's message with this content created
    /// after the send started (an older one with the same text is another message), up to 1,000
    /// messages.
    func reconcile(target: String, content: String, notBefore startedMs: Int64) -> Reconciled {
        var before: String?
        var read = 0
        while read < Self.reconcileLimit {
            var path = "/channels/\(target)/messages?limit=100"
            if let before { path += "&before=" + before }
            switch api.bot("GET", path) {
            case .failure(let failure): return .failed(failure)
            case .success(let result):
                let page = result as? [[String: Any]] ?? []
                for message in page {
                    let author = message["author"] as? [String: Any]
                    guard let id = message["id"] as? String else { continue }
                    let createdMs = Int64((UInt64(id) ?? 0) >> 22 + Self.discordEpochMs)
                    if author?["bot"] as? Bool == true, message["content"] as? String == content,
                        createdMs >= startedMs - Self.clockSlackMs
                    {
                        return .found(id)
                    }
                }
                read += page.count
                guard page.count == 100, let last = page.last?["id"] as? String else { return .absent }
                before = last
            }
        }
        return .limit
    }

    private func failed(_ failure: DiscordFailure, _ item: DiscordOutboxItem, _ installation: DiscordInstallation, keepStarted: Bool)
        throws -> Step
    {
        switch failure.kind {
        case .rateLimited(let seconds, let global):
            try store.pauseDiscord(projectId: global ? nil : installation.projectId, untilMs: store.nowMillis + Int64(seconds * 1000))
            // A 429 is an answer: nothing was created, so the marker goes.
            try store.recordDiscordRetry(item, reason: "RATE_LIMITED", delay: 0, keepStarted: false)
            return global ? .stopAll : .stopInstallation
        case .transient, .unauthorized:
            // Without an answer, or with a 5xx, the message may exist: the marker stays.
            let unknownOutcome = keepStarted && (failure.status == nil || (failure.status ?? 0) >= 500)
            try store.recordDiscordRetry(item, reason: failure.detail, delay: backoff(item.attempts), keepStarted: unknownOutcome)
            return .wait
        case .permission:
            let problem = failure.problem!
            try store.noteDiscordProblem(projectId: installation.projectId, code: problem.code, message: problem.message)
            try store.recordDiscordRetry(item, reason: problem.code, delay: backoff(item.attempts), keepStarted: false)
            return .stopInstallation
        case .threadExists, .rejected:
            logger.warn("discord refused a post; dropped", ["project": installation.projectId, "detail": failure.detail])
            try store.finishDiscordPost(item, state: "done", reason: "REJECTED")
            return .delivered
        }
    }

    /// Exponential with jitter, up to an hour.
    private func backoff(_ attempts: Int) -> TimeInterval {
        let base = min(retryBase * pow(2, Double(attempts)), Self.maximumBackoff)
        return base * Double.random(in: 0.8...1.2)
    }
}
