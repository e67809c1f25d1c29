import Foundation
import HubCrypto
import HubMessaging
import HubRuntime
import HubStore

/// Discord installations, their one-use OAuth states and their threads.
extension PushStore {
    /// OAuth states live ten minutes.
    static let discordStateLifetimeMs: Int64 = 600_000

    func saveDiscordState(_ state: String, request: DiscordInstall.Request) throws {
        try db.transaction {
            try db.run("DELETE FROM discord_states WHERE expires_ms < ?", [.int(nowMillis)])
            try db.run(
                """
                INSERT INTO discord_states (state_hash, organization_id, project_id, app_name, member_id, redirect_uri, hub_url, expires_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(SHA256.hex(state)), .text(request.organizationId), .text(request.projectId), .text(request.appName),
                    SQLValue(request.memberId), .text(request.redirectURI), .text(request.hubURL),
                    .int(nowMillis + PushStore.discordStateLifetimeMs),
                ])
        }
    }

    /// Uses up a state: the row it names, or nil when unknown, used or expired.
    func takeDiscordState(_ state: String) throws -> Row? {
        try db.transaction {
            let hash = SHA256.hex(state)
            guard let row = try db.queryOne("SELECT * FROM discord_states WHERE state_hash = ?", [.text(hash)]) else { return nil }
            try db.run("DELETE FROM discord_states WHERE state_hash = ?", [.text(hash)])
            return (row.int64("expires_ms") ?? 0) >= nowMillis ? row : nil
        }
    }

    func discordInstallation(projectId: String) throws -> DiscordInstallation? {
        try db.queryOne("SELECT * FROM discord_installations WHERE project_id = ?", [.text(projectId)]).map(DiscordInstallation.init(row:))
    }

    func discordInstallations() throws -> [DiscordInstallation] {
        try db.query("SELECT * FROM discord_installations ORDER BY project_id").map(DiscordInstallation.init(row:))
    }

    /// Records an installation from a used state; re-authorizing an installed project in the same
    /// server maps the new installer and keeps the channel.
    func recordDiscordInstallation(
        state: Row, guildId: String, guildName: String?, installerId: String, installerUsername: String?
    ) throws -> DiscordInstallation {
        let projectId = try state.text("project_id")
        try db.transaction {
            if let existing = try discordInstallation(projectId: projectId), existing.guildId != guildId {
                throw DiscordErrors.alreadyConnected()
            }
            try db.run(
                """
                INSERT INTO discord_installations (project_id, organization_id, app_name, guild_id, guild_name, installer_user_id,
                                                   installer_username, installer_member_id, hub_url, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (project_id) DO UPDATE SET installer_user_id = excluded.installer_user_id,
                    installer_username = excluded.installer_username, installer_member_id = excluded.installer_member_id,
                    guild_name = excluded.guild_name, hub_url = excluded.hub_url
                """,
                [
                    .text(projectId), state["organization_id"], state["app_name"], .text(guildId), SQLValue(guildName), .text(installerId),
                    SQLValue(installerUsername), state["member_id"], state["hub_url"], .text(ISOTime.format(clock.now())),
                ])
        }
        guard let installation = try discordInstallation(projectId: projectId) else { throw DiscordErrors.notConnected() }
        return installation
    }

    func chooseDiscordChannel(projectId: String, channelId: String) throws {
        try db.transaction {
            try db.run(
                """
                UPDATE discord_installations SET channel_id = ?, error_code = NULL, error_message = NULL, error_at = NULL
                WHERE project_id = ?
                """, [.text(channelId), .text(projectId)])
            // Threads live in the channel they started from; another channel starts afresh.
            try db.run("DELETE FROM discord_outbox WHERE project_id = ? AND state = 'pending'", [.text(projectId)])
            try db.run("DELETE FROM discord_threads WHERE project_id = ?", [.text(projectId)])
        }
    }

    func deleteDiscord(projectId: String) throws {
        try db.transaction {
            try db.run("DELETE FROM discord_outbox WHERE project_id = ?", [.text(projectId)])
            try db.run("DELETE FROM discord_threads WHERE project_id = ?", [.text(projectId)])
            try db.run("DELETE FROM discord_installations WHERE project_id = ?", [.text(projectId)])
        }
    }

    func noteDiscordProblem(projectId: String, code: String?, message: String?) throws {
        try db.run(
            "UPDATE discord_installations SET error_code = ?, error_message = ?, error_at = ? WHERE project_id = ?",
            [SQLValue(code), SQLValue(message), code == nil ? .null : .text(ISOTime.format(clock.now())), .text(projectId)])
    }

    func pauseDiscord(projectId: String?, untilMs: Int64) throws {
        if let projectId {
            try db.run("UPDATE discord_installations SET paused_until_ms = ? WHERE project_id = ?", [.int(untilMs), .text(projectId)])
        } else {
            try db.run(
                "INSERT INTO discord_meta (key, value) VALUES ('paused_until_ms', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [.int(untilMs)])
        }
    }

    /// Until when the whole bot waits after a global 429 (0: it does not).
    func discordGlobalPause() throws -> Int64 {
        try db.scalar("SELECT value FROM discord_meta WHERE key = 'paused_until_ms'").int64Value ?? 0
    }

    func discordPending(projectId: String) throws -> Int {
        try db.scalar("SELECT COUNT(*) FROM discord_outbox WHERE project_id = ? AND state <> 'done'", [.text(projectId)]).intValue ?? 0
    }

    // MARK: Threads

    struct DiscordThreadRow {
        var subjectKind: String
        var subjectId: String
        var threadId: String?
        var name: String
        var cursor: String?
    }

    func discordThread(projectId: String, kind: String, id: String) throws -> DiscordThreadRow? {
        try db.queryOne(
            "SELECT * FROM discord_threads WHERE project_id = ? AND subject_kind = ? AND subject_id = ?",
            [.text(projectId), .text(kind), .text(id)]
        ).map {
            DiscordThreadRow(
                subjectKind: try $0.text("subject_kind"), subjectId: try $0.text("subject_id"), threadId: $0.string("thread_id"),
                name: try $0.text("name"), cursor: $0.string("cursor"))
        }
    }

    /// Open threads of a project, least recently polled first.
    func discordThreadsToPoll(projectId: String, limit: Int) throws -> [DiscordThreadRow] {
        try db.query(
            """
            SELECT * FROM discord_threads WHERE project_id = ? AND status = 'open' AND thread_id IS NOT NULL
            ORDER BY polled_ms, subject_id LIMIT ?
            """, [.text(projectId), .int(Int64(limit))]
        ).map {
            DiscordThreadRow(
                subjectKind: try $0.text("subject_kind"), subjectId: try $0.text("subject_id"), threadId: $0.string("thread_id"),
                name: try $0.text("name"), cursor: $0.string("cursor"))
        }
    }

    func recordDiscordThread(projectId: String, kind: String, id: String, threadId: String) throws {
        try db.run(
            "UPDATE discord_threads SET thread_id = ? WHERE project_id = ? AND subject_kind = ? AND subject_id = ?",
            [.text(threadId), .text(projectId), .text(kind), .text(id)])
    }

    func advanceDiscordCursor(projectId: String, kind: String, id: String, cursor: String?, polledMs: Int64) throws {
        try db.run(
            """
            UPDATE discord_threads SET cursor = COALESCE(?, cursor), polled_ms = ?
            WHERE project_id = ? AND subject_kind = ? AND subject_id = ?
            """, [SQLValue(cursor), .int(polledMs), .text(projectId), .text(kind), .text(id)])
    }

    // MARK: Outbox

    /// Pending posts of a project in queue order.
    func pendingDiscordPosts(projectId: String, limit: Int) throws -> [DiscordOutboxItem] {
        try db.query(
            "SELECT * FROM discord_outbox WHERE project_id = ? AND state = 'pending' ORDER BY id LIMIT ?",
            [.text(projectId), .int(Int64(limit))]
        ).map(DiscordOutboxItem.init(row:))
    }

    func markDiscordSendStarted(_ item: DiscordOutboxItem) throws {
        try db.run("UPDATE discord_outbox SET started_ms = ? WHERE id = ?", [.int(nowMillis), .int(item.id)])
    }

    /// One chunk Discord accepted: the marker moves to it, and the last completes the row.
    func recordDiscordChunk(_ item: DiscordOutboxItem, chunkCount: Int, messageId: String) throws {
        let done = item.chunksSent + 1 >= chunkCount
        try db.run(
            """
            UPDATE discord_outbox SET chunks_sent = ?, marker_message_id = ?, started_ms = NULL, attempts = 0,
                state = ?, completed_ms = ?
            WHERE id = ?
            """,
            [
                .int(Int64(item.chunksSent + 1)), .text(messageId), .text(done ? "done" : "pending"), done ? .int(nowMillis) : .null,
                .int(item.id),
            ])
    }

    func recordDiscordRetry(_ item: DiscordOutboxItem, reason: String, delay: TimeInterval, keepStarted: Bool) throws {
        try db.run(
            """
            UPDATE discord_outbox SET attempts = attempts + 1, next_attempt_ms = ?, last_reason = ?,
                started_ms = CASE WHEN ? THEN started_ms ELSE NULL END
            WHERE id = ?
            """, [.int(nowMillis + Int64(delay * 1000)), .text(reason), .int(keepStarted ? 1 : 0), .int(item.id)])
    }

    /// Delivery gave up on the row for a reason retrying cannot change.
    func finishDiscordPost(_ item: DiscordOutboxItem, state: String, reason: String) throws {
        try db.run(
            "UPDATE discord_outbox SET state = ?, last_reason = ?, completed_ms = ?, started_ms = NULL WHERE id = ?",
            [.text(state), .text(reason), .int(nowMillis), .int(item.id)])
    }
}
