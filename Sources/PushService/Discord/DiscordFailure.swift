/// Why a Discord REST call did not succeed, sorted by what delivery and synchronization do.
struct DiscordFailure: Error, Equatable {
    enum Kind: Equatable {
        /// 429: wait `retryAfter` seconds; `global` pauses the whole bot.
        case rateLimited(retryAfter: Double, global: Bool)
        /// 5xx, a network error or an unreadable answer.
        case transient
        /// 401: the platform bot's token (or an OAuth grant) was refused.
        case unauthorized
        /// 50001 Missing Access, 50013 Missing Permissions, 10003 Unknown Channel: shown on the
        /// connection and retried until fixed.
        case permission(code: Int)
        /// 160004: the message already has a thread (its ID is the message's).
        case threadExists
        /// Anything else about this one call.
        case rejected(code: Int)
    }

    var kind: Kind
    var status: Int?
    var detail: String

    static func classify(status: Int, body: [String: Any]?, globalHeader: Bool) -> DiscordFailure {
        let code = body?["code"] as? Int ?? 0
        let message = body?["message"] as? String ?? ""
        let kind: Kind
        if status == 429 {
            let retry = (body?["retry_after"] as? Double) ?? (body?["retry_after"] as? Int).map(Double.init) ?? 1
            kind = .rateLimited(retryAfter: max(0.1, retry), global: globalHeader || body?["global"] as? Bool == true)
        } else if status >= 500 {
            kind = .transient
        } else if status == 401 {
            kind = .unauthorized
        } else if code == 50001 || code == 50013 || code == 10003 {
            kind = .permission(code: code)
        } else if code == 160004 {
            kind = .threadExists
        } else {
            kind = .rejected(code: code)
        }
        return DiscordFailure(kind: kind, status: status, detail: "\(status) \(code) \(message)")
    }

    /// The connection's problem for a permission failure.
    var problem: (code: String, message: String)? {
        guard case .permission(let code) = kind else { return nil }
        switch code {
        case 50001:
            return ("MISSING_ACCESS", "The bot cannot see the channel. Give it View Channel there; delivery resumes on its own.")
        case 10003:
            return ("UNKNOWN_CHANNEL", "The channel no longer exists. Choose another channel.")
        default:
            return (
                "MISSING_PERMISSIONS",
                "The bot lacks a permission in the channel (Send Messages, Create Public Threads, Send Messages in Threads, Read Message History). Fix it in Discord; delivery resumes on its own."
            )
        }
    }
}
