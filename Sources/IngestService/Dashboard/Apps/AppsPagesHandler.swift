import Dashboard
import HubHTTPServer
import HubMessaging

/// `/dashboard/apps` and `/dashboard/apps/{id}`: the organization's apps, one app's install
/// page, its settings, identity secret and APNs key. Every member reads the pages (facts
/// only); settings need `manageApps`, the secret and the key `manageCredentials` (named at the
/// routes). Values are checked by `ProjectEdits` and `AdminPushCredentialsHandler.validate`,
/// as the operator API checks them; the key goes to pushd over the same RPC.
struct AppsPagesHandler {
    let store: IngestStore
    let push: BackendForwarding
    /// asod, for the RevenueCat panel; nil leaves the panel out.
    var asod: BackendForwarding? = nil
    var edits: ProjectEdits { ProjectEdits(store: store) }

    /// A `.p8` key is under a kilobyte; the rest is the form's other fields and multipart framing.
    static let keyUploadBytes = 32 * 1024

    // MARK: The list

    /// `GET /dashboard/apps`.
    func list(_ context: PageContext) throws -> HTTPResponse {
        PageResponse.html(try appsPage(context).html(viewer: context.viewer()))
    }

    /// `POST /dashboard/apps` (`name`, `allowedOrigins` one a line, `chatMode`): to the new
    /// app's install page, or the list again with the problems and what was typed.
    func create(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let draft = AppsPage.Draft(
            name: form.raw("name") ?? "", allowedOrigins: form.raw("allowedOrigins") ?? "", chatMode: form["chatMode"] ?? "")
        do {
            let project = try edits.create(
                ProjectEdits.New(
                    name: draft.name, allowedOrigins: AppsPagesHandler.lines(draft.allowedOrigins),
                    chatMode: form["chatMode"]),
                organizationId: context.session.organizationId)
            return PageResponse.redirect("/dashboard/apps/" + project.id + "?done=created")
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            var page = try appsPage(context)
            page.draft = draft
            page.problems = FormProblems(error.fields ?? [:])
            return PageResponse.html(page.html(viewer: context.viewer()), status: 400)
        }
    }

    func appsPage(_ context: PageContext) throws -> AppsPage {
        let apps = try store.projects(organizationId: context.session.organizationId).map {
            AppsPage.App(
                id: $0.id, name: $0.name, appId: $0.appId, chatMode: $0.chatMode.rawValue, identityConfigured: $0.identityConfigured,
                createdAt: $0.createdAt)
        }
        return AppsPage(apps: apps, canCreate: context.session.role.allows(.manageApps))
    }

    // MARK: One app

    /// `GET /dashboard/apps/{id}`; the key's state comes from pushd.
    func app(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let notice = AppsPagesHandler.notice(context.request.query["done"])
        draw(context, project, status: 200, respond) { $0.html(viewer: context.viewer(), notice: notice) }
    }

    /// `POST /dashboard/apps/{id}`: the settings form (`name`, `allowedOrigins` one a line,
    /// `chatMode`, `languages` separated by commas, `automaticReviewRequests=1`, `watermark=1`).
    func saveSettings(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let form = FormFields(context.request)
        let update = ProjectUpdate(
            name: form.raw("name") ?? "", allowedOrigins: AppsPagesHandler.lines(form.raw("allowedOrigins") ?? ""),
            chatMode: form["chatMode"], watermark: form["watermark"] == "1",
            languages: AppsPagesHandler.list(form.raw("languages") ?? ""),
            automaticReviewRequests: form["automaticReviewRequests"] == "1")
        do {
            _ = try edits.update(projectId: project.id, organizationId: context.session.organizationId, update)
            respond(.success(PageResponse.redirect("/dashboard/apps/" + project.id + "?done=saved")))
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            let typed = AppPage.Settings(
                name: update.name ?? "", allowedOrigins: update.allowedOrigins ?? [], chatMode: update.chatMode ?? "",
                automaticReviewRequests: update.automaticReviewRequests ?? false, languages: update.languages ?? [],
                watermark: update.watermark ?? false)
            draw(context, project, status: 400, respond) {
                var page = $0
                page.settings = typed
                page.settingsProblems = FormProblems(error.fields ?? [:])
                return page.html(viewer: context.viewer(), notice: .problem("The settings were not saved. See below."))
            }
        }
    }

    /// `POST /dashboard/apps/{id}/identity-secret`: creates or rotates the secret and shows it
    /// in this answer only (no redirect, `Cache-Control: no-store`).
    func rotateSecret(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        var project = try self.project(context)
        let secret = try store.rotateIdentitySecret(projectId: project.id)
        project.identityConfigured = true
        draw(context, project, status: 200, respond) {
            var page = $0
            page.newIdentitySecret = secret
            return page.html(viewer: context.viewer())
        }
    }

    /// `POST /dashboard/apps/{id}/push-credentials`, multipart: `privateKey` (the `.p8` file),
    /// `keyId`, `teamId`, `bundleId`, `environment`. The key is sealed by pushd and never
    /// shown again; a refused upload keeps the other fields, never the key.
    func uploadKey(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        let form = MultipartForm(context.request)
        let file = form?.files("privateKey").first
        let body = AdminPushCredentialsHandler.Body(
            keyId: form?.text("keyId")?.trimmed, teamId: form?.text("teamId")?.trimmed, bundleId: form?.text("bundleId")?.trimmed,
            environment: form?.text("environment"), privateKey: file.map { String(decoding: $0.bytes, as: UTF8.self) })
        let draft = AppPage.PushDraft(
            keyId: body.keyId ?? "", teamId: body.teamId ?? "", bundleId: body.bundleId ?? "", environment: body.environment ?? "")
        let refused = { (error: APIError) in
            draw(context, project, status: 400, respond) {
                var page = $0
                page.pushDraft = draft
                page.pushProblems = FormProblems(error.fields ?? [:])
                return page.html(viewer: context.viewer(), notice: .problem("The key was not uploaded. See below."))
            }
        }
        let call: PushCredentialsPut.Request
        do {
            call = try AdminPushCredentialsHandler.validate(body, projectId: project.id, appId: project.appId)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(error)
        }
        push.forward(
            PushCredentialsPut.self, call,
            respond: { result in
                switch result {
                case .failure(let error as APIError) where error.code == "INVALID_PAYLOAD": refused(error)
                default: respond(result)
                }
            },
            render: { _ in PageResponse.redirect("/dashboard/apps/" + project.id + "?done=key") })
    }

    /// `POST /dashboard/apps/{id}/push-credentials/delete`.
    func deleteKey(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try self.project(context)
        push.forward(PushCredentialsDelete.self, PushCredentialsDelete.Request(projectId: project.id), respond: respond) { _ in
            PageResponse.redirect("/dashboard/apps/" + project.id + "?done=key-removed")
        }
    }

    // MARK: Parts

    /// The project of the path in the member's organization; another organization's is 404.
    func project(_ context: PageContext) throws -> Project {
        guard let id = context.request.pathParameters["id"],
            let project = try store.project(id: id, organizationId: context.session.organizationId)
        else { throw PageError.notFound }
        return project
    }

    /// Asks pushd for the key's state (never the key), then answers `render(page)`. pushd
    /// not answering leaves the rest of the page working.
    func draw(
        _ context: PageContext, _ project: Project, status: Int, _ respond: @escaping Route.Completion,
        _ render: @escaping (AppPage) -> HTML
    ) {
        let role = context.session.role
        push.client.call(PushCredentialsGet.self, PushCredentialsGet.Request(projectId: project.id)) { result in
            let state: AppPage.Push
            switch result {
            case .success(let key):
                state = .configured(
                    AppPage.PushKey(
                        keyId: key.keyId, teamId: key.teamId, bundleId: key.bundleId, environment: key.environment.rawValue,
                        updatedAt: key.updatedAt))
            case .failure(let error) where APIError.fromBackend(error).status == 404: state = .notConfigured
            case .failure: state = .unavailable
            }
            var page = AppPage(
                projectId: project.id, appId: project.appId, serverURL: context.origin,
                settings: AppPage.Settings(
                    name: project.name, allowedOrigins: project.allowedOrigins, chatMode: project.chatMode.rawValue,
                    automaticReviewRequests: project.automaticReviewRequests, languages: project.languages,
                    watermark: project.watermark),
                identityConfigured: project.identityConfigured, push: state, bundleId: project.bundleId,
                canManageApps: role.allows(.manageApps), canManageCredentials: role.allows(.manageCredentials))
            guard let asod else { return respond(.success(PageResponse.html(render(page), status: status))) }
            revenuePanel(asod, project: project, canManage: role.allows(.manageIntegrations)) { panel in
                page.revenue = panel
                respond(.success(PageResponse.html(render(page), status: status)))
            }
        }
    }

    /// The short notice a good post's redirect asks for.
    static func notice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "created": return .ok("App created. Install the SDK with the values below.")
        case "saved": return .ok("Settings saved.")
        case "key": return .ok("APNs key uploaded. It is sealed on the hub and never shown again.")
        case "key-removed": return .ok("APNs key removed.")
        case "revenuecat":
            return .ok("RevenueCat connected; the first snapshot is stored. The key is sealed on the hub and never shown again.")
        case "revenuecat-removed": return .ok("RevenueCat disconnected. Collected snapshots stay as history.")
        default: return nil
        }
    }

    /// A text area's lines, trimmed, blank ones dropped.
    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A list typed with commas (or spaces), blanks dropped.
    static func list(_ text: String) -> [String] {
        text.split { $0 == "," || $0.isWhitespace }.map(String.init).filter { !$0.isEmpty }
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
