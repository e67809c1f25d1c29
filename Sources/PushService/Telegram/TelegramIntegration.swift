import HubMessaging
import HubStore

/// One stored Telegram connection (an `integrations` row), secrets still sealed.
struct TelegramIntegration: Sendable, Equatable {
    var id: String
    var organizationId: String
    var projectId: String
    var appName: String
    var mode: TelegramConnection.Mode
    var sealedToken: String
    var sealedSecret: String
    var botId: String
    var botUsername: String
    var hubURL: String?
    var groupId: String?
    var groupTitle: String?
    var groupIsForum: Bool
    var errorCode: String?
    var errorMessage: String?
    var errorAt: String?
    /// A provider refusal stopped delivery until the operator acts (chooses the group again).
    var halted: Bool
    var updateOffset: Int64
    var pausedUntilMs: Int64
    var createdAt: String

    init(row: Row) throws {
        id = try row.text("id")
        organizationId = try row.text("organization_id")
        projectId = try row.text("project_id")
        appName = try row.text("app_name")
        mode = TelegramConnection.Mode(rawValue: try row.text("mode")) ?? .webhook
        sealedToken = try row.text("sealed_token")
        sealedSecret = try row.text("sealed_secret")
        botId = try row.text("bot_id")
        botUsername = try row.text("bot_username")
        hubURL = row.string("hub_url")
        groupId = row.string("group_id")
        groupTitle = row.string("group_title")
        groupIsForum = row.int64("group_is_forum") == 1
        errorCode = row.string("error_code")
        errorMessage = row.string("error_message")
        errorAt = row.string("error_at")
        halted = row.int64("halted") == 1
        updateOffset = row.int64("update_offset") ?? 0
        pausedUntilMs = row.int64("paused_until_ms") ?? 0
        createdAt = try row.text("created_at")
    }

    /// Sealed secrets open only for this organization and app.
    var associatedData: String { "telegram|" + organizationId + "|" + projectId }

    /// What a reply or resolution from this integration names as its source.
    var source: String { "telegram:" + id }

    var state: TelegramConnection.State {
        if halted { return .needsAttention }
        return groupId == nil ? .awaitingGroup : .active
    }
}
