import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// `PUT/GET/PATCH/DELETE /api/admin/v1/projects/{id}/integrations/telegram`: a project's
/// Telegram connection. The bot token goes to pushd, which checks it with Telegram and seals
/// it; no answer ever carries it.
struct AdminTelegramHandler {
    let lookup: AdminLookup
    let settings: TelegramSettings
    let push: BackendForwarding

    static let maxBodyBytes = 4 * 1024
    /// Connecting waits for Telegram (getMe, setWebhook) through pushd.
    static let connectTimeout: TimeInterval = 30

    struct ConnectBody: Decodable {
        let botToken: String?
        let mode: String?
    }

    struct ConfigureBody: Decodable {
        struct Member: Decodable {
            let telegramUserId: String?
            /// Absent or null removes the mapping.
            let memberId: String?
        }
        let groupId: String?
        let member: Member?
    }

    func put(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let body = try request.decodeJSON(ConnectBody.self)
        let call = try settings.connectRequest(
            project: project, actor: caller.actor, botToken: body.botToken, mode: body.mode, origin: origin(request))
        push.forward(TelegramConnect.self, call, timeout: Self.connectTimeout, respond: respond) { .json($0) }
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        push.forward(TelegramConnectionGet.self, .init(projectId: project.id), respond: respond) { .json($0) }
    }

    func patch(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let body = try request.decodeJSON(ConfigureBody.self)
        if body.member != nil, body.member?.telegramUserId == nil {
            throw APIError.invalidPayload(["member.telegramUserId": ["is required"]])
        }
        let call = try settings.configureRequest(
            project: project, actor: caller.actor, groupId: body.groupId, telegramUserId: body.member?.telegramUserId,
            memberId: body.member.map { $0.memberId }, origin: origin(request))
        push.forward(TelegramConfigure.self, call, respond: respond) { .json($0) }
    }

    func delete(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        try caller.actor.require(.manageIntegrations)
        push.forward(TelegramDisconnect.self, .init(projectId: project.id), timeout: Self.connectTimeout, respond: respond) { .json($0) }
    }

    private func origin(_ request: HTTPRequest) -> String { SameOrigin.origin(of: request, publicURL: settings.publicURL) }
}
