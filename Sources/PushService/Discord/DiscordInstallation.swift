import HubStore

/// One project's Discord installation (a `discord_installations` row).
struct DiscordInstallation: Sendable, Equatable {
    var projectId: String
    var organizationId: String
    var appName: String
    var guildId: String
    var guildName: String?
    var channelId: String?
    var installerUserId: String
    var installerUsername: String?
    var installerMemberId: String?
    var hubURL: String?
    var errorCode: String?
    var errorMessage: String?
    var errorAt: String?
    var pausedUntilMs: Int64
    var createdAt: String

    init(row: Row) throws {
        projectId = try row.text("project_id")
        organizationId = try row.text("organization_id")
        appName = try row.text("app_name")
        guildId = try row.text("guild_id")
        guildName = row.string("guild_name")
        channelId = row.string("channel_id")
        installerUserId = try row.text("installer_user_id")
        installerUsername = row.string("installer_username")
        installerMemberId = row.string("installer_member_id")
        hubURL = row.string("hub_url")
        errorCode = row.string("error_code")
        errorMessage = row.string("error_message")
        errorAt = row.string("error_at")
        pausedUntilMs = row.int64("paused_until_ms") ?? 0
        createdAt = try row.text("created_at")
    }

    /// What a reply or resolution from Discord names as its source.
    var source: String { "discord:" + projectId }
}

/// One pending Discord post, with its delivery marker.
struct DiscordOutboxItem: Sendable, Equatable {
    var id: Int64
    var projectId: String
    var subjectKind: String
    var subjectId: String
    var startsThread: Bool
    var text: String
    var chunksSent: Int
    /// Set before a send whose outcome is not recorded yet.
    var startedMs: Int64?
    /// The last message Discord accepted for this row (the thread's starter for the first chunk).
    var markerMessageId: String?
    var attempts: Int
    var nextAttemptMs: Int64

    init(row: Row) throws {
        id = try row.integer("id")
        projectId = try row.text("project_id")
        subjectKind = try row.text("subject_kind")
        subjectId = try row.text("subject_id")
        startsThread = row.int64("starts_thread") == 1
        text = try row.text("text")
        chunksSent = Int(try row.integer("chunks_sent"))
        startedMs = row.int64("started_ms")
        markerMessageId = row.string("marker_message_id")
        attempts = Int(try row.integer("attempts"))
        nextAttemptMs = try row.integer("next_attempt_ms")
    }

    /// Stable across retries and restarts, so Discord's `enforce_nonce` answers a repeated send
    /// with the message it already created (at most 25 characters).
    func nonce(chunk: Int) -> String { "an\(id)c\(chunk)" }
}
