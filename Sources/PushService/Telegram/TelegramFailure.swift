/// Why a Bot API call did not succeed, classified the way delivery reacts to it. The provider's
/// own description is kept for logs only; people see `TelegramConnection.Problem`'s generic text.
struct TelegramFailure: Error, Equatable {
    enum Kind: Equatable {
        /// 429: wait `retryAfter` seconds before the next call into that bot's chats.
        case rateLimited(retryAfter: Int)
        /// 5xx, a network error or an unreadable answer: back off and retry.
        case transient
        /// 401: the token was revoked or is wrong.
        case unauthorized
        /// The bot may not create topics there.
        case notEnoughRights
        /// The chat has no Topics (any more).
        case notAForum
        /// The topic was deleted (or closed) in Telegram.
        case threadNotFound
        /// The bot was removed from the group, or the group is gone.
        case botRemoved
        /// Any other refusal of this one call (bad parameters): retrying it cannot help.
        case rejected
    }

    var kind: Kind
    /// The HTTP status, absent for network errors.
    var status: Int?
    /// Telegram's `description`, or the transport error's code.
    var detail: String

    /// Sorts Telegram's error answers (`error_code`, `description`, `parameters.retry_after`).
    static func classify(status: Int, description: String, retryAfter: Int?) -> TelegramFailure {
        let text = description.lowercased()
        let kind: Kind
        if status == 429 {
            kind = .rateLimited(retryAfter: max(1, retryAfter ?? 1))
        } else if status >= 500 {
            kind = .transient
        } else if status == 401 {
            kind = .unauthorized
        } else if text.contains("not enough rights") {
            kind = .notEnoughRights
        } else if text.contains("not a forum") {
            kind = .notAForum
        } else if text.contains("thread not found") || text.contains("topic_deleted") || text.contains("topic_closed")
            || text.contains("topic_id_invalid")
        {
            kind = .threadNotFound
        } else if status == 403 || text.contains("chat not found") || text.contains("bot was kicked")
            || text.contains("not a member")
        {
            kind = .botRemoved
        } else {
            kind = .rejected
        }
        return TelegramFailure(kind: kind, status: status, detail: description)
    }
}
