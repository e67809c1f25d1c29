/// What a person sees when Discord sends them back to the hub and the installation could not
/// be recorded: what happened in one sentence, what to do, and a way back. No session is
/// needed (Discord's redirect carries none the hub trusts), so the page names no app.
public struct DiscordCallbackPage: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The person chose Cancel on Discord's page (`error=access_denied`).
        case cancelled
        /// Discord answered with another OAuth error.
        case discordError(String)
        /// The state or the code is missing, too long or malformed.
        case incomplete
        /// pushd did not know the state: expired, already used, or never issued.
        case refusedState
        /// The hub's Discord bot is not configured.
        case notConfigured
        /// Discord or pushd failed while recording the installation.
        case failed(String)
    }

    public var outcome: Outcome

    public init(outcome: Outcome) { self.outcome = outcome }

    var headline: String {
        switch outcome {
        case .cancelled: return "Discord was not connected"
        case .discordError, .incomplete, .refusedState, .failed: return "Discord could not be connected"
        case .notConfigured: return "Discord is not set up on this hub"
        }
    }

    var explanation: String {
        switch outcome {
        case .cancelled: return "The authorization was cancelled on Discord, so no bot was added and nothing changed."
        case .discordError(let code): return "Discord refused the authorization (" + code + "). Nothing changed."
        case .incomplete: return "The link Discord sent back is incomplete. Start again from the app's Discord page."
        case .refusedState:
            return "This authorization link has expired or was already used. Links last ten minutes and work once; "
                + "start again from the app's Discord page."
        case .notConfigured:
            return "The hub's Discord bot is not configured. Whoever runs the hub sets DISCORD_APPLICATION_ID, "
                + "DISCORD_PUBLIC_KEY, DISCORD_BOT_TOKEN and DISCORD_CLIENT_SECRET."
        case .failed(let message): return message
        }
    }

    public func html() -> HTML {
        PageShell.bare(title: headline) {
            element("h1") { headline }
            element("p") { explanation }
            element("p") { element("a", .class("button primary"), .href("/dashboard/apps")) { "Back to your apps" } }
        }
    }
}
