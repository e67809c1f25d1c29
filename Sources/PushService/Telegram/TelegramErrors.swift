import HubMessaging

/// The Telegram RPCs' application errors, with their stable codes.
enum TelegramErrors {
    static func alreadyConnected() -> RPCError {
        RPCError(code: "ALREADY_CONNECTED", message: "this app already has a Telegram bot; disconnect it first", status: 409)
    }
    static func botInUse() -> RPCError {
        RPCError(code: "BOT_IN_USE", message: "this bot already serves another app; create a dedicated bot with @BotFather", status: 409)
    }
    static func notConnected() -> RPCError {
        RPCError(code: "NOT_CONNECTED", message: "this app has no Telegram connection", status: 404)
    }
    static func groupNotDetected() -> RPCError {
        RPCError(
            code: "GROUP_NOT_DETECTED", message: "the bot has not seen this group; add the bot and send a message there first",
            status: 400, fields: ["groupId": ["is not a group the bot was seen in"]])
    }
    static func tokenRejected() -> RPCError {
        RPCError(
            code: "TOKEN_REJECTED", message: "Telegram did not accept this bot token", status: 400,
            fields: ["botToken": ["was refused by Telegram"]])
    }
    static func webhookFailed() -> RPCError {
        RPCError(code: "WEBHOOK_FAILED", message: TelegramProblem.webhookFailed.message, status: 502)
    }
    static func providerUnavailable() -> RPCError {
        RPCError(
            code: "PROVIDER_UNAVAILABLE", message: "Telegram could not be reached; try again", status: 503,
            fields: [RPCError.retryAfterField: ["5"]])
    }
    static func invalidSecret() -> RPCError {
        RPCError(code: "INVALID_SECRET", message: "missing or wrong X-Telegram-Bot-Api-Secret-Token", status: 401)
    }
    static func invalidPayload(field: String, _ problem: String) -> RPCError {
        RPCError(code: "INVALID_PAYLOAD", message: "\(field) \(problem)", status: 400, fields: [field: [problem]])
    }
}
