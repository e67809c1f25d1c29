import Foundation
import HubMessaging
import HubRuntime

/// Reads the threads of open conversations and reports for team replies: each thread's
/// messages after its cursor, oldest first. A message by the installer, or by someone with View
/// Channel and Manage Messages on the parent channel, becomes a team reply whose idempotency
/// key is its Discord ID; the cursor moves past a message only once it is handled, so a page
/// read twice replies once. Bot, webhook and system messages are skipped; an empty content
/// (the Message Content intent is off) stops the cursor and is shown on the connection.
final class DiscordSync: @unchecked Sendable {
    /// Pages of 100 messages read per installation and pass.
    static let pagesPerPass = 10

    private let store: PushStore
    private let api: DiscordAPI
    private let chatd: RPCClient
    private let ingest: RPCClient
    private let applicationId: String
    private let logger: Logger

    init(store: PushStore, api: DiscordAPI, chatd: RPCClient, ingest: RPCClient, applicationId: String, logger: Logger) {
        self.store = store
        self.api = api
        self.chatd = chatd
        self.ingest = ingest
        self.applicationId = applicationId
        self.logger = logger
    }

    enum Outcome {
        case done(replies: Int)
        case stopAll
    }

    /// Whether the application has the Message Content intent (or its limited form).
    func hasMessageContent() -> Result<Bool, DiscordFailure> {
        api.bot("GET", "/applications/@me").map { result in
            let flags = ((result as? [String: Any])?["flags"] as? NSNumber)?.int64Value ?? 0
            return flags & (1 << 18) != 0 || flags & (1 << 19) != 0
        }
    }

    func sync(_ installation: DiscordInstallation, deadline: Date) throws -> Outcome {
        guard let channelId = installation.channelId else { return .done(replies: 0) }
        var pages = 0
        var replies = 0
        var permissions = DiscordPermissionCache(api: api, guildId: installation.guildId, channelId: channelId)
        threads: for thread in try store.discordThreadsToPoll(projectId: installation.projectId, limit: Self.pagesPerPass) {
            guard let threadId = thread.threadId, pages < Self.pagesPerPass, Date() < deadline else { break }
            // A thread read to its end, or one that could not be (deleted, unreadable, its reply
            // refused for now), goes to the back of the rotation: one that fails every time must
            // not take the app's reads from the others pass after pass.
            func polled() throws {
                try store.advanceDiscordCursor(
                    projectId: installation.projectId, kind: thread.subjectKind, id: thread.subjectId, cursor: nil,
                    polledMs: store.nowMillis)
            }
            var cursor = thread.cursor ?? threadId
            while pages < Self.pagesPerPass {
                pages += 1
                let page: [[String: Any]]
                switch api.bot("GET", "/channels/\(threadId)/messages?after=\(cursor)&limit=100") {
                case .success(let result): page = result as? [[String: Any]] ?? []
                case .failure(let failure):
                    if case .rateLimited(let seconds, let global) = failure.kind {
                        try store.pauseDiscord(
                            projectId: global ? nil : installation.projectId, untilMs: store.nowMillis + Int64(seconds * 1000))
                        return global ? .stopAll : .done(replies: replies)
                    }
                    if let problem = failure.problem {
                        try store.noteDiscordProblem(projectId: installation.projectId, code: problem.code, message: problem.message)
                    }
                    try polled()
                    continue threads
                }
                // Discord answers newest first; replies go in the order they were written.
                let ordered = page.sorted { Self.snowflake($0["id"]) < Self.snowflake($1["id"]) }
                for message in ordered {
                    guard let id = message["id"] as? String else { continue }
                    let handled = try handle(message, installation: installation, thread: thread, permissions: &permissions)
                    switch handled {
                    case .skip, .replied:
                        if case .replied = handled { replies += 1 }
                        cursor = id
                        try store.advanceDiscordCursor(
                            projectId: installation.projectId, kind: thread.subjectKind, id: thread.subjectId, cursor: id,
                            polledMs: store.nowMillis)
                    case .contentHidden:
                        try store.noteDiscordProblem(
                            projectId: installation.projectId, code: "MESSAGE_CONTENT_INTENT",
                            message:
                                "Discord hides message text from the bot: enable the Message Content intent in the Developer Portal. Replies are read once it is on."
                        )
                        return .done(replies: replies)
                    case .retryLater:
                        try polled()
                        continue threads
                    }
                }
                if page.count < 100 { break }
            }
            try polled()
        }
        return .done(replies: replies)
    }

    enum Handled {
        case skip
        case replied
        case contentHidden
        case retryLater
    }

    private func handle(
        _ message: [String: Any], installation: DiscordInstallation, thread: PushStore.DiscordThreadRow,
        permissions: inout DiscordPermissionCache
    ) throws -> Handled {
        let author = message["author"] as? [String: Any] ?? [:]
        let type = (message["type"] as? NSNumber)?.intValue ?? 0
        if author["bot"] as? Bool == true || message["webhook_id"] != nil || !(type == 0 || type == 19) { return .skip }
        guard let userId = author["id"] as? String, let id = message["id"] as? String else { return .skip }
        let content = message["content"] as? String ?? ""
        let attachments = (message["attachments"] as? [Any])?.count ?? 0
        if content.isEmpty { return attachments > 0 || message["sticker_items"] != nil ? .skip : .contentHidden }
        let label: String
        if userId == installation.installerUserId, let member = installation.installerMemberId {
            label = "member:" + member
        } else {
            switch permissions.isTeam(userId: userId) {
            case .some(true): label = "discord:" + userId
            case .some(false): return .skip
            case nil: return .retryLater
            }
        }
        let key = "discord:" + id
        let name = (author["global_name"] as? String) ?? (author["username"] as? String)
        let outcome: Result<Void, RPCError>
        if thread.subjectKind == "chat" {
            outcome = chatd.call(
                ChatTeamPost.self,
                ChatTeamPost.Request(
                    projectId: installation.projectId, conversationId: thread.subjectId, body: content, internal: false, author: label,
                    idempotencyKey: key, source: installation.source, requireOpen: true)
            ).map { _ in () }
        } else {
            outcome = ingest.call(
                FeedbackTeamReply.self,
                FeedbackTeamReply.Request(
                    projectId: installation.projectId, reportId: thread.subjectId, message: String(content.prefix(5_000)),
                    idempotencyKey: key, author: label,
                    authorName: name.map { $0 + " (Discord)" }, source: installation.source)
            ).map { _ in () }
        }
        switch outcome {
        case .success: return .replied
        case .failure(let error) where (error.status ?? 500) < 500:
            logger.info("discord reply refused", ["project": installation.projectId, "code": error.code])
            return .skip
        case .failure: return .retryLater
        }
    }

    static func snowflake(_ value: Any?) -> UInt64 { (value as? String).flatMap(UInt64.init) ?? 0 }
}
