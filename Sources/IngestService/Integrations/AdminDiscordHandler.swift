import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// `/api/admin/v1/projects/{id}/integrations/discord`: a project's Discord installation.
/// `POST …/install` answers Discord's authorize URL (the browser goes there; Discord comes
/// back to the public callback); `GET`, `PATCH` (`channelId`), `POST …/test` and `DELETE`
/// read, configure, try and remove it. pushd talks to Discord; no token is ever answered.
struct AdminDiscordHandler {
    let lookup: AdminLookup
    let settings: DiscordSettings
    let push: BackendForwarding

    static let maxBodyBytes = 4 * 1024
    /// Reading a connection asks Discord for the server's channels and roles; a test message
    /// and a disconnect wait for Discord too.
    static let discordTimeout: TimeInterval = 30

    struct ConfigureBody: Decodable {
        let channelId: String?
    }

    func install(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let call = try settings.installRequest(project: project, actor: caller.actor, origin: origin(request))
        push.forward(DiscordInstall.self, call, respond: respond) { .json($0) }
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        push.forward(DiscordConnectionGet.self, .init(projectId: project.id), timeout: Self.discordTimeout, respond: respond) {
            .json($0)
        }
    }

    func patch(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let body = try request.decodeJSON(ConfigureBody.self)
        let call = try settings.configureRequest(project: project, actor: caller.actor, channelId: body.channelId)
        push.forward(DiscordConfigure.self, call, timeout: Self.discordTimeout, respond: respond) { .json($0) }
    }

    func test(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let call = try settings.testRequest(project: project, actor: caller.actor)
        push.forward(DiscordTest.self, call, timeout: Self.discordTimeout, respond: respond) { .json($0) }
    }

    func delete(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let call = try settings.disconnectRequest(project: project, actor: caller.actor)
        push.forward(DiscordDisconnect.self, call, timeout: Self.discordTimeout, respond: respond) { .json($0) }
    }

    private func origin(_ request: HTTPRequest) -> String { SameOrigin.origin(of: request, publicURL: settings.publicURL) }
}
