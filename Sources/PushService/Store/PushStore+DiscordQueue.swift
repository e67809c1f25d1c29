import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// Discord's outbox rows, written with the event that causes them in the transaction that
/// stores it; thread statuses follow resolutions so resolved conversations are not polled.
extension PushStore {
    /// Discord's thread names are at most 100 characters.
    static let discordThreadName = 100

    func enqueueDiscord(for event: ChatEvent, body: OutboxEventBody) throws -> Int {
        guard let projectId = event.projectId,
            let installation = try db.queryOne(
                "SELECT * FROM discord_installations WHERE project_id = ? AND channel_id IS NOT NULL", [.text(projectId)]
            ).map(DiscordInstallation.init(row:))
        else { return 0 }
        switch body {
        case .chatConversationCreated(let created):
            let name = ChatOpsComposer.topicName(
                reporter: created.ownerEmail, appName: installation.appName, subjectId: created.conversationId, report: false,
                limit: PushStore.discordThreadName)
            try openDiscordThread(
                installation, kind: "chat", id: created.conversationId, name: name, firstMessageId: created.firstMessageId)
            let intro = ChatOpsComposer.conversationIntro(created, appName: installation.appName, hubURL: installation.hubURL)
            return try discordPost(installation, event, kind: "chat", id: created.conversationId, text: intro, startsThread: true)
        case .chatUserMessage(let message):
            guard
                let thread = try db.queryOne(
                    "SELECT first_message_id FROM discord_threads WHERE project_id = ? AND subject_kind = 'chat' AND subject_id = ?",
                    [.text(projectId), .text(message.conversationId)]),
                thread.string("first_message_id") != message.messageId, let text = ChatOpsComposer.userMessage(message)
            else { return 0 }
            return try discordPost(installation, event, kind: "chat", id: message.conversationId, text: text)
        case .chatReplied(let reply):
            guard reply.kind != "card", reply.source != installation.source, let text = ChatOpsComposer.teamReply(reply.body) else {
                return 0
            }
            return try discordPostIfThread(installation, event, kind: "chat", id: reply.conversationId, text: text)
        case .chatResolved(let resolved):
            try setDiscordStatus(projectId, "chat", resolved.conversationId, "resolved")
            return try discordPostIfThread(
                installation, event, kind: "chat", id: resolved.conversationId, text: ChatOpsComposer.status("resolved"))
        case .chatReopened(let reopened):
            try setDiscordStatus(projectId, "chat", reopened.conversationId, "open")
            return try discordPostIfThread(
                installation, event, kind: "chat", id: reopened.conversationId, text: ChatOpsComposer.status("reopened"))
        case .feedbackCreated(let created):
            let name = ChatOpsComposer.topicName(
                reporter: created.email, appName: installation.appName, subjectId: created.id, report: true,
                limit: PushStore.discordThreadName)
            try openDiscordThread(installation, kind: "report", id: created.id, name: name, firstMessageId: nil)
            let intro = ChatOpsComposer.reportIntro(created, appName: installation.appName, hubURL: installation.hubURL)
            return try discordPost(installation, event, kind: "report", id: created.id, text: intro, startsThread: true)
        case .feedbackReplied(let reply):
            guard reply.source != installation.source, let text = ChatOpsComposer.teamReply(reply.message) else { return 0 }
            return try discordPostIfThread(installation, event, kind: "report", id: reply.id, text: text)
        case .feedbackStatus(let status):
            try setDiscordStatus(projectId, "report", status.id, status.status == "done" ? "resolved" : "open")
            return try discordPostIfThread(installation, event, kind: "report", id: status.id, text: ChatOpsComposer.status(status.status))
        case .chatRead, .invitationCreated, .invitationRevoked, .unknown:
            return 0
        }
    }

    private func openDiscordThread(_ installation: DiscordInstallation, kind: String, id: String, name: String, firstMessageId: String?)
        throws
    {
        try db.run(
            """
            INSERT OR IGNORE INTO discord_threads (project_id, subject_kind, subject_id, name, first_message_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(installation.projectId), .text(kind), .text(id), .text(name), SQLValue(firstMessageId),
                .text(ISOTime.format(clock.now())),
            ])
    }

    private func setDiscordStatus(_ projectId: String, _ kind: String, _ id: String, _ status: String) throws {
        try db.run(
            "UPDATE discord_threads SET status = ? WHERE project_id = ? AND subject_kind = ? AND subject_id = ?",
            [.text(status), .text(projectId), .text(kind), .text(id)])
    }

    private func discordPostIfThread(_ installation: DiscordInstallation, _ event: ChatEvent, kind: String, id: String, text: String) throws
        -> Int
    {
        guard
            try db.queryOne(
                "SELECT 1 FROM discord_threads WHERE project_id = ? AND subject_kind = ? AND subject_id = ?",
                [.text(installation.projectId), .text(kind), .text(id)]) != nil
        else { return 0 }
        return try discordPost(installation, event, kind: kind, id: id, text: text)
    }

    private func discordPost(
        _ installation: DiscordInstallation, _ event: ChatEvent, kind: String, id: String, text: String, startsThread: Bool = false
    ) throws -> Int {
        let now = nowMillis
        try db.run(
            """
            INSERT OR IGNORE INTO discord_outbox (project_id, event_id, subject_kind, subject_id, starts_thread, text, next_attempt_ms,
                                                  created_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(installation.projectId), .text(event.id), .text(kind), .text(id), .int(startsThread ? 1 : 0), .text(text), .int(now),
                .int(now),
            ])
        return db.changes
    }
}
