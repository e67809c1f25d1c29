import Dashboard
import HubHTTPServer
import HubMessaging

/// `/dashboard/apps/{id}/integrations/telegram`: an app's Telegram connection. Every member
/// reads it; the posts need `manageIntegrations` (named at the routes) and go through
/// `TelegramSettings` and pushd's RPCs, as the operator API's do. A refused post draws the
/// page again with the problem; nothing of a refused token is kept.
struct TelegramPagesHandler {
    let store: IngestStore
    let settings: TelegramSettings
    let push: BackendForwarding

    /// `GET …/telegram`.
    func page(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let notice = TelegramPagesHandler.notice(context.request.query["done"])
        draw(context, project, status: 200, respond) { $0.html(viewer: context.viewer(), notice: notice) }
    }

    /// `POST …/telegram` (`botToken`, `mode`): connects, then back to the page.
    func connect(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let form = FormFields(context.request)
        let mode = form["mode"]
        let refused = refusal(context, project, respond, "The bot was not connected.") { page, problems in
            page.modeDraft = mode
            page.connectProblems = problems
        }
        let call: TelegramConnect.Request
        do {
            call = try settings.connectRequest(
                project: project, actor: context.session.actor, botToken: form.raw("botToken"), mode: mode, origin: context.origin)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(error)
        }
        forward(TelegramConnect.self, call, timeout: AdminTelegramHandler.connectTimeout, project, "connected", respond, refused)
    }

    /// `POST …/telegram/group` (`groupId`): the group the bot posts to, one it was seen in.
    func chooseGroup(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let refused = refusal(context, project, respond, "The group was not chosen.") { page, problems in
            page.groupProblems = problems
        }
        let call: TelegramConfigure.Request
        do {
            call = try settings.configureRequest(
                project: project, actor: context.session.actor, groupId: FormFields(context.request)["groupId"] ?? "",
                telegramUserId: nil, memberId: nil, origin: context.origin)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(error)
        }
        forward(TelegramConfigure.self, call, timeout: nil, project, "group", respond, refused)
    }

    /// `POST …/telegram/members` (`telegramUserId` with `memberId`, or `remove=1`).
    func mapMember(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let form = FormFields(context.request)
        let remove = form["remove"] == "1"
        let draft = TelegramPage.MemberDraft(telegramUserId: form["telegramUserId"] ?? "", memberId: form["memberId"] ?? "")
        let refused = refusal(context, project, respond, "The member was not mapped.") { page, problems in
            page.memberDraft = draft
            page.memberProblems = problems
        }
        let call: TelegramConfigure.Request
        do {
            call = try settings.configureRequest(
                project: project, actor: context.session.actor, groupId: nil, telegramUserId: draft.telegramUserId,
                memberId: remove ? String??.some(nil) : String??.some(draft.memberId), origin: context.origin)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(error)
        }
        forward(TelegramConfigure.self, call, timeout: nil, project, remove ? "unmapped" : "mapped", respond, refused)
    }

    /// `POST …/telegram/disconnect`: without `confirm=1` the page asks first; with it, the
    /// connection is revoked (also on the Free plan, which may do nothing else).
    func disconnect(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        guard FormFields(context.request)["confirm"] == "1" else {
            return draw(context, project, status: 200, respond) {
                var page = $0
                page.confirmingDisconnect = true
                return page.html(viewer: context.viewer())
            }
        }
        let refused = refusal(context, project, respond, "The bot was not disconnected.") { _, _ in }
        forward(
            TelegramDisconnect.self, .init(projectId: project.id), timeout: AdminTelegramHandler.connectTimeout, project, "disconnected",
            respond, refused)
    }

    // MARK: Parts

    /// The project of the path in the member's organization, as the app's page finds it.
    func project(_ context: PageContext) throws -> Project {
        try AppsPagesHandler(store: store, push: push).project(context)
    }

    /// Calls pushd; a good answer goes back to the page with `done`, a refusal is drawn.
    private func forward<M: RPCMessage>(
        _ message: M.Type, _ call: M.Request, timeout: Double?, _ project: Project, _ done: String,
        _ respond: @escaping Route.Completion, _ refused: @escaping (APIError) -> Void
    ) {
        IntegrationPages.forward(
            push, message, call, timeout: timeout, redirect: TelegramPage.path(projectId: project.id) + "?done=" + done, respond,
            refused)
    }

    /// Draws the page again with `error`'s message as the notice and its fields by `apply`.
    private func refusal(
        _ context: PageContext, _ project: Project, _ respond: @escaping Route.Completion, _ headline: String,
        _ apply: @escaping (inout TelegramPage, FormProblems) -> Void
    ) -> (APIError) -> Void {
        { error in
            let message = IntegrationPages.notice(headline, error)
            draw(context, project, status: error.status, respond) {
                var page = $0
                apply(&page, FormProblems(error.fields ?? [:]))
                return page.html(viewer: context.viewer(), notice: .problem(message))
            }
        }
    }

    /// Asks pushd for the connection and draws it; pushd not answering leaves a page that says so.
    func draw(
        _ context: PageContext, _ project: Project, status: Int, _ respond: @escaping Route.Completion,
        _ render: @escaping (TelegramPage) -> HTML
    ) {
        let session = context.session
        let planAllows: Bool
        let choices: [TelegramPage.MemberChoice]
        do {
            planAllows = (try store.organization(id: session.organizationId)?.entitlements ?? .selfhosted) != .free
            choices = try store.members(organizationId: session.organizationId).map {
                TelegramPage.MemberChoice(id: $0.id, label: $0.name.isEmpty ? $0.email : $0.name + " (" + $0.email + ")")
            }
        } catch {
            return respond(.failure(error))
        }
        push.client.call(TelegramConnectionGet.self, .init(projectId: project.id)) { result in
            let page = TelegramPage(
                projectId: project.id, appName: project.name, connection: (try? result.get()).map(TelegramPagesHandler.view),
                hasPublicURL: settings.publicURL != nil, canManage: session.role.allows(.manageIntegrations), planAllows: planAllows,
                memberChoices: choices)
            respond(.success(PageResponse.html(render(page), status: status)))
        }
    }

    static func view(_ connection: TelegramConnection) -> TelegramPage.Connection {
        let group = { (group: TelegramConnection.Group) in TelegramPage.Group(id: group.id, title: group.title, isForum: group.isForum) }
        return TelegramPage.Connection(
            state: TelegramPage.State(rawValue: connection.state.rawValue) ?? .needsAttention, mode: connection.mode?.rawValue,
            botUsername: connection.botUsername, group: connection.group.map(group), detectedGroups: connection.detectedGroups.map(group),
            members: connection.members.map { .init(telegramUserId: $0.telegramUserId, memberId: $0.memberId, name: $0.name) },
            lastError: connection.lastError.map { .init(code: $0.code, message: $0.message, at: $0.at) }, pending: connection.pending,
            connectedAt: connection.connectedAt)
    }

    /// The short notice a good post's redirect asks for.
    static func notice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "connected": return .ok("Bot connected. Add it to your team's group and send a message there, then choose the group.")
        case "group": return .ok("Group chosen. New conversations and reports open a topic there.")
        case "mapped": return .ok("Member mapped.")
        case "unmapped": return .ok("Mapping removed.")
        case "disconnected": return .ok("Telegram disconnected. Pending deliveries and mappings were dropped.")
        default: return nil
        }
    }
}
