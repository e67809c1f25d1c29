import Dashboard
import HubHTTPServer
import HubMessaging

/// `/dashboard/apps/{id}/integrations/discord`: an app's Discord installation. Every member
/// reads it; the posts need `manageIntegrations` (named at the routes) and go through
/// `DiscordSettings` and pushd's RPCs, as the operator API's do. Connecting answers a redirect
/// to Discord's authorize page; Discord comes back to `DiscordCallbackHandler`.
struct DiscordPagesHandler {
    let store: IngestStore
    let settings: DiscordSettings
    let push: BackendForwarding

    /// `GET …/discord`.
    func page(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let notice = DiscordPagesHandler.notice(context.request.query["done"])
        draw(context, project, status: 200, respond) { $0.html(viewer: context.viewer(), notice: notice) }
    }

    /// `POST …/discord/install`: a single-use state from pushd, then the browser goes to Discord.
    func install(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let call = try settings.installRequest(project: project, actor: context.session.actor, origin: context.origin)
        let refused = refusal(context, project, respond, "Discord was not connected.") { _, _ in }
        push.forward(
            DiscordInstall.self, call,
            respond: { result in
                switch result {
                case .failure(let error as APIError) where IntegrationPages.drawnAgain(error): refused(error)
                default: respond(result)
                }
            },
            render: { PageResponse.redirect($0.authorizeUrl) })
    }

    /// `POST …/discord/channel` (`channelId`): one of the server's eligible text channels.
    func chooseChannel(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let refused = refusal(context, project, respond, "The channel was not saved.") { page, problems in
            page.channelProblems = problems
        }
        let call: DiscordConfigure.Request
        do {
            call = try settings.configureRequest(
                project: project, actor: context.session.actor, channelId: FormFields(context.request)["channelId"])
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(error)
        }
        forward(DiscordConfigure.self, call, project, "channel", respond, refused)
    }

    /// `POST …/discord/test`: a test message in the chosen channel.
    func test(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let call = try settings.testRequest(project: project, actor: context.session.actor)
        let refused = refusal(context, project, respond, "The test message was not sent.") { _, _ in }
        forward(DiscordTest.self, call, project, "tested", respond, refused)
    }

    /// `POST …/discord/disconnect`: without `confirm=1` the page asks first; with it, the
    /// installation is removed (also on the Free plan, which may do nothing else).
    func disconnect(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let call = try settings.disconnectRequest(project: project, actor: context.session.actor)
        guard FormFields(context.request)["confirm"] == "1" else {
            return draw(context, project, status: 200, respond) {
                var page = $0
                page.confirmingDisconnect = true
                return page.html(viewer: context.viewer())
            }
        }
        let refused = refusal(context, project, respond, "Discord was not disconnected.") { _, _ in }
        forward(DiscordDisconnect.self, call, project, "disconnected", respond, refused)
    }

    // MARK: Parts

    /// The project of the path in the member's organization, as the app's page finds it.
    func project(_ context: PageContext) throws -> Project {
        try AppsPagesHandler(store: store, push: push).project(context)
    }

    /// Calls pushd; a good answer goes back to the page with `done`, a refusal is drawn.
    private func forward<M: RPCMessage>(
        _ message: M.Type, _ call: M.Request, _ project: Project, _ done: String, _ respond: @escaping Route.Completion,
        _ refused: @escaping (APIError) -> Void
    ) {
        IntegrationPages.forward(
            push, message, call, timeout: AdminDiscordHandler.discordTimeout,
            redirect: DiscordPage.path(projectId: project.id) + "?done=" + done, respond, refused)
    }

    /// Draws the page again with `error`'s message as the notice and its fields by `apply`.
    private func refusal(
        _ context: PageContext, _ project: Project, _ respond: @escaping Route.Completion, _ headline: String,
        _ apply: @escaping (inout DiscordPage, FormProblems) -> Void
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
}
