import HubMessaging

/// The Discord RPCs' application errors, with their stable codes.
enum DiscordErrors {
    static func notConfigured() -> RPCError {
        RPCError(
            code: "DISCORD_NOT_CONFIGURED",
            message: "Discord needs DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY, DISCORD_BOT_TOKEN and DISCORD_CLIENT_SECRET", status: 503)
    }
    static func alreadyConnected() -> RPCError {
        RPCError(code: "ALREADY_CONNECTED", message: "this app is installed in another Discord server; disconnect it first", status: 409)
    }
    static func notConnected() -> RPCError {
        RPCError(code: "NOT_CONNECTED", message: "this app has no Discord connection", status: 404)
    }
    static func invalidState() -> RPCError {
        RPCError(code: "INVALID_STATE", message: "this authorization link was already used or has expired; start again", status: 400)
    }
    static func oauthRefused() -> RPCError {
        RPCError(code: "AUTHORIZATION_FAILED", message: "Discord did not confirm the authorization; start again", status: 400)
    }
    static func channelNotEligible() -> RPCError {
        RPCError(
            code: "CHANNEL_NOT_ELIGIBLE", message: "choose a text channel where the bot has every permission it needs", status: 400,
            fields: ["channelId": ["is not an eligible text channel of the server"]])
    }
    static func channelNotChosen() -> RPCError {
        RPCError(code: "CHANNEL_NOT_CHOSEN", message: "choose a channel first", status: 409)
    }
    static func providerUnavailable() -> RPCError {
        RPCError(
            code: "PROVIDER_UNAVAILABLE", message: "Discord could not be reached; try again", status: 503,
            fields: [RPCError.retryAfterField: ["5"]])
    }
    static func providerRefused(_ detail: String) -> RPCError {
        RPCError(code: "PROVIDER_REFUSED", message: "Discord refused the request: \(detail)", status: 502)
    }
}
