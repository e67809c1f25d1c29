import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// `/dashboard/apps/{id}/metadata` (docs "Metadata"): the publish history from asod's audit, the
/// editor loaded from Apple in a task, its review against the values loaded, and the publish in a
/// task whose `STALE` and `PARTIALLY_PUBLISHED` outcomes get their own pages. Every member loads,
/// edits and reviews (nothing leaves the hub); publishing needs `publish` (named at the routes).
/// Drafts are checked by `MetadataValidator`, the call by `AdminMetadataHandler`, as the operator
/// API checks them.
struct MetadataPagesHandler {
    let apps: AppsPagesHandler
    let asod: BackendForwarding
    let work: PendingWork

    /// The seed's table of publish results, with what to do about each, for a failed task's page.
    static let actions = ASCErrorText.actions.merging([
        "READ_ONLY": "Prepare an editable version in App Store Connect, then reload",
        "LOCALE_NOT_FOUND": "Reload and select an existing localization",
        "INVALID_METADATA": "Fix the highlighted fields",
        "OUTCOME_UNKNOWN": "Reload and inspect which values reached Apple before retrying",
    ]) { _, new in new }

    private func path(_ project: Project) -> String { "/dashboard/apps/" + project.id + "/metadata" }

    /// `GET /dashboard/apps/{id}/metadata`: the start and the publish history.
    func page(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try apps.appleApp(context)
        var page = MetadataPage(projectId: project.id, appName: project.name, imported: ref != nil)
        let notice: PageShell.Notice? =
            context.request.query["done"] == "published"
            ? .ok("Published to App Store Connect. This does not submit a build for review.")
            : context.request.query["done"] == "no-changes" ? .info("Nothing differed from Apple's values; nothing was sent.") : nil
        guard ref != nil else { return respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: notice)))) }
        asod.forward(ASCMetadataAudit.self, .init(projectId: project.id), respond: respond) { audit in
            page.history = audit.items.map {
                .init(
                    locale: $0.locale, result: $0.result, published: $0.published, failed: $0.failed, detail: $0.detail,
                    actor: $0.actor, createdAt: $0.createdAt)
            }
            return PageResponse.html(page.html(viewer: context.viewer(), notice: notice))
        }
    }

    /// `POST /dashboard/apps/{id}/metadata/load` (`locale`): Apple's current values in a task,
    /// drawn as the editor of that localization (the first one Apple has when it has not that one).
    func load(_ context: PageContext) throws -> HTTPResponse {
        let (project, ref) = try apps.importedApp(context)
        let wanted = FormFields(context.request)["locale"].flatMap { (2...20).contains($0.count) ? $0 : nil } ?? "en-US"
        return try work.begin(context, title: "Reading metadata from Apple", back: path(project), actions: Self.actions) { finish in
            asod.client.call(ASCMetadataRead.self, ref, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                finish(
                    result.map { document in
                        { context in
                            let localization = document.localizations.first { $0.locale == wanted } ?? document.localizations.first
                            guard let localization else {
                                throw APIError(
                                    status: 404, code: "LOCALE_NOT_FOUND", message: "Apple has no localization of this version.")
                            }
                            let state = MetadataState(
                                locale: localization.locale, locales: document.localizations.map(\.locale),
                                editable: document.editable, versionString: document.versionString,
                                expected: Self.values(localization.fields))
                            let notice: PageShell.Notice? =
                                localization.locale == wanted
                                ? nil : .info("Apple has no \(wanted) localization; showing \(localization.locale).")
                            return editor(context, project, state, draft: state.expected, status: 200, notice: notice)
                        }
                    }.mapError { APIError.fromBackend($0) })
            }
        }
    }

    /// `POST /dashboard/apps/{id}/metadata/edit` (`state` and the fields): the editor again with
    /// the draft and its findings.
    func edit(_ context: PageContext) throws -> HTTPResponse {
        let project = try apps.importedApp(context).project
        let (state, draft) = try posted(context)
        return editor(context, project, state, draft: draft, status: 200, notice: nil)
    }

    /// `POST /dashboard/apps/{id}/metadata/review`: the changed fields against Apple's values as
    /// loaded; a draft with errors is drawn again (400) with what was typed.
    func review(_ context: PageContext) throws -> HTTPResponse {
        let project = try apps.importedApp(context).project
        let (state, draft) = try posted(context)
        let findings = Self.check(state, draft)
        guard findings.errors.isEmpty else {
            return editor(
                context, project, state, draft: draft, status: 400, notice: .problem("Nothing can be published yet. See the fields below."))
        }
        let page = MetadataReviewPage(
            projectId: project.id, appName: project.name, state: state, draft: draft, warnings: findings.warnings,
            canPublish: context.session.role.allows(.publish))
        return PageResponse.html(page.html(viewer: context.viewer()))
    }

    /// `POST /dashboard/apps/{id}/metadata/publish`: the changed fields sent in a task against the
    /// values loaded; `STALE` reads Apple again to show both versions, `PARTIALLY_PUBLISHED` reads
    /// the audit to say which fields went through.
    func publish(_ context: PageContext) throws -> HTTPResponse {
        let (project, ref) = try apps.importedApp(context)
        let (state, draft) = try posted(context)
        guard Self.check(state, draft).errors.isEmpty else {
            return editor(
                context, project, state, draft: draft, status: 400, notice: .problem("Nothing was published. See the fields below."))
        }
        let changed = MetadataFields.changed(draft: draft, expected: state.expected)
        var changes = ASCMetadataFields()
        for key in changed { changes[key] = draft[key] }
        var expected = ASCMetadataFields()
        for (key, value) in state.expected { expected[key] = value }
        let call = try AdminMetadataHandler.publishRequest(
            app: ref, locale: state.locale, expected: expected, changes: changes, actor: "member:" + context.session.email)
        let back = path(project)
        return try work.begin(context, title: "Publishing metadata to Apple", back: back, actions: Self.actions) { finish in
            asod.client.call(ASCMetadataPublish.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                switch result {
                case .success(let answer):
                    finish(
                        .success { _ in
                            PageResponse.redirect(back + (answer.result == "NO_CHANGES" ? "?done=no-changes" : "?done=published"))
                        })
                case .failure(let error) where error.code == "STALE":
                    stale(project, ref, state, draft: draft, changed: changed, finish)
                case .failure(let error) where error.code == "PARTIALLY_PUBLISHED":
                    partial(project, state, message: error.message, finish)
                case .failure(let error):
                    finish(.failure(APIError.fromBackend(error)))
                }
            }
        }
    }

    /// Apple's values read again: the stale fields as Apple has them and as wanted, and the draft
    /// "Keep my edit" starts from (the changed fields over Apple's current values).
    private func stale(
        _ project: Project, _ ref: ASCAppRef, _ loaded: MetadataState, draft: [String: String], changed: [String],
        _ finish: @escaping (Result<PendingWork.Render, Error>) -> Void
    ) {
        asod.client.call(ASCMetadataRead.self, ref, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
            finish(
                result.map { document in
                    { context in
                        let now = document.localizations.first { $0.locale == loaded.locale }.map { Self.values($0.fields) } ?? [:]
                        let moved = changed.filter { (now[$0] ?? "") != (loaded.expected[$0] ?? "") }
                        var merged = now
                        for key in changed { merged[key] = draft[key] }
                        var state = loaded
                        state.expected = now
                        state.editable = document.editable
                        let page = MetadataOutcomePage(
                            projectId: project.id, appName: project.name, state: state,
                            outcome: .stale(fields: moved, appleNow: now, wanted: draft, merged: merged))
                        return PageResponse.html(page.html(viewer: context.viewer()), status: 409)
                    }
                }.mapError { APIError.fromBackend($0) })
        }
    }

    /// The newest audit record of the locale says which fields went through.
    private func partial(
        _ project: Project, _ state: MetadataState, message: String, _ finish: @escaping (Result<PendingWork.Render, Error>) -> Void
    ) {
        asod.client.call(ASCMetadataAudit.self, .init(projectId: project.id)) { result in
            let entry = (try? result.get())?.items.first { $0.locale == state.locale && $0.result == "PARTIALLY_PUBLISHED" }
            finish(
                .success { context in
                    let page = MetadataOutcomePage(
                        projectId: project.id, appName: project.name, state: state,
                        outcome: .partial(published: entry?.published ?? [], failed: entry?.failed ?? [], message: message))
                    return PageResponse.html(page.html(viewer: context.viewer()), status: 502)
                })
        }
    }

    private func editor(
        _ context: PageContext, _ project: Project, _ state: MetadataState, draft: [String: String], status: Int,
        notice: PageShell.Notice?
    ) -> HTTPResponse {
        let findings = Self.check(state, draft)
        let page = MetadataEditorPage(
            projectId: project.id, appName: project.name, state: state, draft: draft, problems: FormProblems(findings.errors),
            warnings: findings.warnings, limits: MetadataValidator.limits, keywordBytes: MetadataValidator.keywordBytes)
        return PageResponse.html(page.html(viewer: context.viewer(), notice: notice), status: status)
    }

    /// The posted state and draft; a state that does not decode is a 400.
    private func posted(_ context: PageContext) throws -> (MetadataState, [String: String]) {
        let form = FormFields(context.request)
        guard let state = form.raw("state").flatMap(MetadataState.init(encoded:)), (2...20).contains(state.locale.count) else {
            throw APIError.invalidPayload(["state": ["is missing or damaged: load the metadata from Apple again"]])
        }
        return (state, MetadataFields.draft(form))
    }

    /// The validator's findings on the localization as it would be: the draft over the loaded values.
    static func check(_ state: MetadataState, _ draft: [String: String]) -> (errors: [String: [String]], warnings: [String: [String]]) {
        var fields = ASCMetadataFields()
        for (key, value) in state.expected { fields[key] = value }
        for (key, value) in draft { fields[key] = value }
        let problems = MetadataValidator.validate(fields)
        let group = { (severity: ASCMetadataProblem.Severity) in
            Dictionary(grouping: problems.filter { $0.severity == severity }, by: \.field).mapValues { $0.map(\.message) }
        }
        return (group(.error), group(.warning))
    }

    static func values(_ fields: ASCMetadataFields) -> [String: String] {
        var out: [String: String] = [:]
        for key in ASCMetadataFields.all { if let value = fields[key] { out[key] = value } }
        return out
    }
}
