import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// Telegram connections: one per project, one project per bot.
extension PushStore {
    func telegramIntegration(projectId: String) throws -> TelegramIntegration? {
        try db.queryOne("SELECT * FROM integrations WHERE project_id = ? AND kind = 'telegram'", [.text(projectId)])
            .map(TelegramIntegration.init(row:))
    }

    func telegramIntegration(id: String) throws -> TelegramIntegration? {
        try db.queryOne("SELECT * FROM integrations WHERE id = ? AND kind = 'telegram'", [.text(id)]).map(TelegramIntegration.init(row:))
    }

    func telegramIntegrations() throws -> [TelegramIntegration] {
        try db.query("SELECT * FROM integrations WHERE kind = 'telegram' ORDER BY id").map(TelegramIntegration.init(row:))
    }

    /// Seals and stores a checked connection. 409 `ALREADY_CONNECTED` / `BOT_IN_USE`.
    func insertTelegram(
        id: String, request: TelegramConnect.Request, botId: String, botUsername: String, secret: String
    ) throws -> TelegramIntegration {
        guard let keyring else { throw RPCError.keyringNotConfigured() }
        let associated = "telegram|" + request.organizationId + "|" + request.projectId
        let sealedToken = try keyring.seal(request.botToken, associatedData: associated)
        let sealedSecret = try keyring.seal(secret, associatedData: associated)
        try db.transaction {
            if try telegramIntegration(projectId: request.projectId) != nil { throw TelegramErrors.alreadyConnected() }
            if try db.queryOne("SELECT 1 FROM integrations WHERE kind = 'telegram' AND bot_id = ?", [.text(botId)]) != nil {
                throw TelegramErrors.botInUse()
            }
            try db.run(
                """
                INSERT INTO integrations (id, kind, organization_id, project_id, app_name, mode, sealed_token, sealed_secret,
                                          bot_id, bot_username, hub_url, created_at)
                VALUES (?, 'telegram', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(id), .text(request.organizationId), .text(request.projectId), .text(request.appName),
                    .text(request.mode.rawValue), .text(sealedToken), .text(sealedSecret), .text(botId), .text(botUsername),
                    SQLValue(request.hubURL), .text(ISOTime.format(clock.now())),
                ])
        }
        guard let stored = try telegramIntegration(id: id) else { throw TelegramErrors.notConnected() }
        return stored
    }

    func openToken(_ integration: TelegramIntegration) throws -> String {
        guard let keyring else { throw RPCError.keyringNotConfigured() }
        return try keyring.openString(integration.sealedToken, associatedData: integration.associatedData)
    }

    func openSecret(_ integration: TelegramIntegration) throws -> String {
        guard let keyring else { throw RPCError.keyringNotConfigured() }
        return try keyring.openString(integration.sealedSecret, associatedData: integration.associatedData)
    }

    /// Removes the connection with every mapping and pending delivery (cascade), at once.
    func deleteTelegram(id: String) throws {
        try db.transaction {
            try db.run("DELETE FROM integration_queue WHERE integration_id = ?", [.text(id)])
            try db.run("DELETE FROM integrations WHERE id = ?", [.text(id)])
        }
    }

    /// The operator's view.
    func telegramConnection(_ integration: TelegramIntegration?) throws -> TelegramConnection {
        guard let integration else { return .disconnected }
        let groups = try db.query(
            """
            SELECT chat_id, title, is_forum FROM integration_groups
            WHERE integration_id = ? AND bot_status IN ('member', 'administrator', 'creator', 'restricted')
            ORDER BY seen_at DESC LIMIT 50
            """, [.text(integration.id)]
        ).map { try TelegramConnection.Group(id: $0.text("chat_id"), title: $0.text("title"), isForum: $0.int64("is_forum") == 1) }
        let members = try db.query(
            "SELECT telegram_user_id, member_id, name FROM integration_members WHERE integration_id = ? ORDER BY telegram_user_id",
            [.text(integration.id)]
        ).map {
            try TelegramConnection.Member(
                telegramUserId: $0.text("telegram_user_id"), memberId: $0.text("member_id"), name: $0.string("name"))
        }
        let pending =
            try db.scalar("SELECT count(*) FROM integration_queue WHERE integration_id = ?", [.text(integration.id)])
            .int64Value ?? 0
        let group = integration.groupId.map {
            TelegramConnection.Group(id: $0, title: integration.groupTitle ?? "", isForum: integration.groupIsForum)
        }
        let problem = integration.errorCode.map {
            TelegramConnection.Problem(code: $0, message: integration.errorMessage ?? "", at: integration.errorAt ?? "")
        }
        return TelegramConnection(
            id: integration.id, state: integration.state, mode: integration.mode, botUsername: integration.botUsername,
            group: group, detectedGroups: groups, members: members, lastError: problem, pending: Int(pending),
            connectedAt: integration.createdAt)
    }

    /// Chooses a detected group: forwarding starts with the next new conversation, and a halted
    /// connection resumes (its pending work goes out).
    func chooseTelegramGroup(integrationId: String, chatId: String) throws {
        try db.transaction {
            guard
                let group = try db.queryOne(
                    "SELECT title, is_forum FROM integration_groups WHERE integration_id = ? AND chat_id = ?",
                    [.text(integrationId), .text(chatId)])
            else { throw TelegramErrors.groupNotDetected() }
            try db.run(
                """
                UPDATE integrations SET group_id = ?, group_title = ?, group_is_forum = ?, halted = 0, error_code = NULL,
                                        error_message = NULL, error_at = NULL, paused_until_ms = 0
                WHERE id = ?
                """, [.text(chatId), group["title"], group["is_forum"], .text(integrationId)])
            // Threads in another group cannot be posted to; their conversations start afresh.
            try db.run(
                "DELETE FROM integration_threads WHERE integration_id = ? AND chat_id <> ?", [.text(integrationId), .text(chatId)])
            try db.run(
                """
                DELETE FROM integration_queue WHERE integration_id = ? AND NOT EXISTS (
                    SELECT 1 FROM integration_threads t WHERE t.integration_id = integration_queue.integration_id
                    AND t.subject_kind = integration_queue.subject_kind AND t.subject_id = integration_queue.subject_id)
                """, [.text(integrationId)])
        }
    }

    func mapTelegramMember(integrationId: String, mapping: TelegramConfigure.MemberMapping) throws {
        if let memberId = mapping.memberId {
            try db.run(
                """
                INSERT INTO integration_members (integration_id, telegram_user_id, member_id, name) VALUES (?, ?, ?, ?)
                ON CONFLICT (integration_id, telegram_user_id) DO UPDATE SET member_id = excluded.member_id, name = excluded.name
                """, [.text(integrationId), .text(mapping.telegramUserId), .text(memberId), SQLValue(mapping.name)])
        } else {
            try db.run(
                "DELETE FROM integration_members WHERE integration_id = ? AND telegram_user_id = ?",
                [.text(integrationId), .text(mapping.telegramUserId)])
        }
    }

    func updateTelegramHubURL(integrationId: String, hubURL: String) throws {
        try db.run("UPDATE integrations SET hub_url = ? WHERE id = ?", [.text(hubURL), .text(integrationId)])
    }

    func telegramMember(integrationId: String, telegramUserId: String) throws -> (memberId: String, name: String?)? {
        try db.queryOne(
            "SELECT member_id, name FROM integration_members WHERE integration_id = ? AND telegram_user_id = ?",
            [.text(integrationId), .text(telegramUserId)]
        ).map { (try $0.text("member_id"), $0.string("name")) }
    }

    /// A group the bot was seen in (a `my_chat_member` or message update). Never chooses it.
    func recordTelegramGroup(integrationId: String, chatId: String, title: String, isForum: Bool, botStatus: String?) throws {
        let now = ISOTime.format(clock.now())
        try db.run(
            """
            INSERT INTO integration_groups (integration_id, chat_id, title, is_forum, bot_status, seen_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (integration_id, chat_id) DO UPDATE SET title = excluded.title, is_forum = excluded.is_forum,
                bot_status = CASE WHEN ? IS NULL THEN integration_groups.bot_status ELSE excluded.bot_status END,
                seen_at = excluded.seen_at
            """,
            [
                .text(integrationId), .text(chatId), .text(title), .int(isForum ? 1 : 0), .text(botStatus ?? "member"), .text(now),
                SQLValue(botStatus),
            ])
        try db.run(
            "UPDATE integrations SET group_title = ?, group_is_forum = ? WHERE id = ? AND group_id = ?",
            [.text(title), .int(isForum ? 1 : 0), .text(integrationId), .text(chatId)])
    }

    /// Stops delivery with a visible, generic problem until the operator chooses the group again.
    func haltTelegram(integrationId: String, code: String, message: String) throws {
        try db.run(
            "UPDATE integrations SET halted = 1, error_code = ?, error_message = ?, error_at = ? WHERE id = ?",
            [.text(code), .text(message), .text(ISOTime.format(clock.now())), .text(integrationId)])
    }

    /// A visible problem that does not stop delivery (a deleted topic).
    func noteTelegramProblem(integrationId: String, code: String, message: String) throws {
        try db.run(
            "UPDATE integrations SET error_code = ?, error_message = ?, error_at = ? WHERE id = ?",
            [.text(code), .text(message), .text(ISOTime.format(clock.now())), .text(integrationId)])
    }

    func pauseTelegram(integrationId: String, untilMs: Int64) throws {
        try db.run("UPDATE integrations SET paused_until_ms = ? WHERE id = ?", [.int(untilMs), .text(integrationId)])
    }

    func saveTelegramOffset(integrationId: String, offset: Int64) throws {
        try db.run(
            "UPDATE integrations SET update_offset = ? WHERE id = ? AND update_offset < ?",
            [.int(offset), .text(integrationId), .int(offset)])
    }
}
