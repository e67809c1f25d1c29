import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// `GET /api/v1/integrations/discord/callback?code=&state=&guild_id=`: where Discord sends
/// the browser after the bot was authorized. No session is asked for: the single-use state
/// pushd issued is the proof of who started it and for which app. Every query value is
/// bounded before anything else is read; a good callback goes to the app's Discord page, and
/// anything else is a small page saying what happened.
struct DiscordCallbackHandler {
    let settings: DiscordSettings
    let push: RPCClient

    /// Discord's callback has a handful of parameters; more is not Discord.
    static let maximumParameters = 8
    /// No value Discord sends back (code, state, guild and permissions, an error word) is near this.
    static let maximumValueBytes = 512
    /// pushd's state is a few dozen URL-safe characters; Discord's code about 30.
    static let maximumStateBytes = 128
    static let maximumCodeBytes = 256

    func get(_ request: HTTPRequest, _ respond: @escaping Route.Completion) throws {
        let refuse = { (outcome: DiscordCallbackPage.Outcome, status: Int) in
            respond(.success(PageResponse.html(DiscordCallbackPage(outcome: outcome).html(), status: status)))
        }
        guard request.queryItems.count <= Self.maximumParameters,
            request.queryItems.allSatisfy({ $0.0.utf8.count <= 32 && $0.1.utf8.count <= Self.maximumValueBytes })
        else { return refuse(.incomplete, 400) }
        if let error = request.query["error"] {
            return refuse(error == "access_denied" ? .cancelled : .discordError(Self.word(error)), 400)
        }
        guard let state = request.query["state"], Self.isToken(state, maximum: Self.maximumStateBytes),
            let code = request.query["code"], Self.isToken(code, maximum: Self.maximumCodeBytes)
        else { return refuse(.incomplete, 400) }
        let guild = request.query["guild_id"]
        if let guild, !DiscordSettings.isSnowflake(guild) { return refuse(.incomplete, 400) }
        guard settings.configured else { return refuse(.notConfigured, 503) }
        push.call(DiscordCallback.self, .init(state: state, code: code, guildId: guild), timeout: AdminDiscordHandler.discordTimeout) {
            result in
            switch result {
            case .success(let installed):
                respond(.success(PageResponse.redirect(DiscordPage.path(projectId: installed.projectId) + "?done=installed")))
            case .failure(let error):
                let error = APIError.fromBackend(error)
                switch error.code {
                case "INVALID_STATE": refuse(.refusedState, 400)
                case "DISCORD_NOT_CONFIGURED": refuse(.notConfigured, 503)
                default: refuse(.failed(Self.failure(error)), error.status)
                }
            }
        }
    }

    /// OAuth's values are URL-safe: letters, digits, `-`, `_`, `.` and `~`.
    static func isToken(_ value: String, maximum: Int) -> Bool {
        (1...maximum).contains(value.utf8.count)
            && value.utf8.allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 95 || $0 == 46
                    || $0 == 126
            }
    }

    /// Discord's error word, shown only when it is one (`invalid_scope`), never free text.
    static func word(_ error: String) -> String {
        isToken(error, maximum: 64) ? error : "an unknown error"
    }

    static func failure(_ error: APIError) -> String {
        switch error.code {
        case "PROVIDER_UNAVAILABLE", "SERVICE_UNAVAILABLE":
            return "Discord or the hub did not answer in time, so the installation was not recorded. Start again in a moment."
        case "INTERNAL":
            return "The installation was not recorded (" + error.code + "). Start again from the app's Discord page."
        default:
            // pushd's refusals are written for people (AUTHORIZATION_FAILED, ALREADY_CONNECTED).
            return IntegrationPages.sentence(error.message)
        }
    }
}
