import HubMessaging

/// The generic sentences a connection shows for a provider refusal: never the token, never
/// Telegram's raw text (which may quote parameters).
enum TelegramProblem {
    static func describe(_ kind: TelegramFailure.Kind) -> (code: String, message: String)? {
        switch kind {
        case .notEnoughRights:
            return (
                "NOT_ENOUGH_RIGHTS",
                "The bot may not create topics in the group. Make it an administrator with permission to manage topics, then choose the group again."
            )
        case .notAForum:
            return ("NOT_A_FORUM", "The group no longer has Topics. Enable Topics or choose the group again to reply to messages instead.")
        case .threadNotFound:
            return ("TOPIC_DELETED", "A topic was deleted in Telegram; the next message of its conversation opens a new topic.")
        case .botRemoved:
            return ("BOT_REMOVED", "The bot is no longer in the group. Add it back as an administrator, then choose the group again.")
        case .unauthorized:
            return ("TOKEN_REJECTED", "Telegram no longer accepts the bot token. Disconnect and connect the bot again.")
        case .rateLimited, .transient, .rejected:
            return nil
        }
    }

    static let webhookFailed = (
        code: "WEBHOOK_FAILED", message: "Telegram did not accept the webhook. Check that the hub's public URL is reachable over HTTPS."
    )
}
