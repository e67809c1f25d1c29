import Dashboard
import HubHTTPServer
import HubMessaging
import HubRuntime

/// What connecting, configuring and disconnecting Telegram means for a project, whoever asks
/// (the operator API or the dashboard): the role and plan checks, the values checked before
/// pushd is called, and the RPC requests. pushd does the rest.
struct TelegramSettings {
    let store: IngestStore
    let publicURL: String?

    /// The webhook's path prefix; the integration ID follows.
    static let webhookPath = "/api/v1/integrations/telegram/webhook/"
    /// @BotFather's tokens are about 46 characters; this bounds what is ever sent to Telegram.
    static let maximumTokenLength = 128

    /// Owners and admins of a Pro, Studio or self-hosted organization.
    func requireConnectable(_ actor: AccountActor) throws {
        try actor.require(.manageIntegrations)
        let plan = try store.organization(id: actor.organizationId)?.entitlements ?? .selfhosted
        guard plan != .free else {
            throw APIError(
                status: 403, code: "PLAN_REQUIRED", message: "Telegram is available on Pro and Studio (and self-hosted) plans.")
        }
    }

    /// The mode asked for, else webhook when the hub has a public URL and polling when not.
    func connectRequest(
        project: Project, actor: AccountActor, botToken: String?, mode: String?, origin: String
    ) throws -> TelegramConnect.Request {
        try requireConnectable(actor)
        var errors: [String: [String]] = [:]
        let token = (botToken ?? "").trimmingCharacters(in: .whitespaces)
        if token.isEmpty || token.utf8.count > Self.maximumTokenLength {
            errors["botToken"] = ["must be the bot token @BotFather gave (123456789:AA…)"]
        }
        let chosen: TelegramConnection.Mode?
        switch mode {
        case nil, "": chosen = publicURL == nil ? .polling : .webhook
        case let value?: chosen = TelegramConnection.Mode(rawValue: value)
        }
        if chosen == nil {
            errors["mode"] = ["must be webhook or polling"]
        } else if chosen == .webhook, publicURL == nil {
            errors["mode"] = ["webhook needs the hub's public URL (APPNORTH_PUBLIC_URL); use polling"]
        }
        guard errors.isEmpty, let chosen else { throw APIError.invalidPayload(errors) }
        return TelegramConnect.Request(
            organizationId: actor.organizationId, projectId: project.id, appName: project.name, botToken: token, mode: chosen,
            webhookBase: publicURL.map { $0 + Self.webhookPath }, hubURL: publicURL ?? origin)
    }

    /// `groupId` chooses the group; `member` maps (or with a null `memberId`, unmaps) a
    /// Telegram user to a member of the organization. A Free organization may only look and
    /// disconnect, so it is refused here as when connecting.
    func configureRequest(
        project: Project, actor: AccountActor, groupId: String?, telegramUserId: String?, memberId: String??, origin: String
    ) throws -> TelegramConfigure.Request {
        try requireConnectable(actor)
        var errors: [String: [String]] = [:]
        if let groupId, Int64(groupId) == nil { errors["groupId"] = ["must be a Telegram chat ID"] }
        var mapping: TelegramConfigure.MemberMapping?
        if let telegramUserId {
            if Int64(telegramUserId) == nil || telegramUserId.utf8.count > 20 {
                errors["member.telegramUserId"] = ["must be Telegram's numeric user ID"]
            }
            switch memberId {
            case .some(.some(let id)):
                if let member = try store.member(id: id, organizationId: actor.organizationId) {
                    mapping = .init(
                        telegramUserId: telegramUserId, memberId: member.id, name: member.name.isEmpty ? member.email : member.name)
                } else {
                    errors["member.memberId"] = ["is not a member of this organization"]
                }
            default:
                mapping = .init(telegramUserId: telegramUserId, memberId: nil, name: nil)
            }
        }
        if groupId == nil && telegramUserId == nil { errors["groupId"] = ["give groupId or member"] }
        guard errors.isEmpty else { throw APIError.invalidPayload(errors) }
        return TelegramConfigure.Request(projectId: project.id, groupId: groupId, member: mapping, hubURL: publicURL ?? origin)
    }
}
