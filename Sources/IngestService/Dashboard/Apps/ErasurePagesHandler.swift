import Dashboard
import HubHTTPServer

/// The dashboard's erasure of one participant (docs/privacy.md), for owners and admins
/// (`manageApps`, named at the routes): the form, its review, then the erasure recorded through
/// `ErasureRequests` as the operator API records it and its progress page.
struct ErasurePagesHandler {
    let apps: AppsPagesHandler
    let requests: ErasureRequests
    var store: IngestStore { apps.store }

    /// `GET /dashboard/apps/{id}/erasures`: the empty form.
    func form(_ context: PageContext) throws -> HTTPResponse {
        let project = try self.project(context)
        let page = ErasurePage(projectId: project.id, appName: project.name, step: .form(email: "", voterToken: "", problems: .none))
        return PageResponse.html(page.html(viewer: context.viewer()))
    }

    /// `POST /dashboard/apps/{id}/erasures/review` (`email` or `voterToken`): the confirmation,
    /// or the form again with its problems. Nothing is recorded yet.
    func review(_ context: PageContext) throws -> HTTPResponse {
        let project = try self.project(context)
        let (email, voterToken) = Self.named(FormFields(context.request))
        do {
            _ = try ErasureRequests.owner(projectId: project.id, email: email, voterToken: voterToken)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(context, project, email: email, voterToken: voterToken, error)
        }
        let step = ErasurePage.Step.confirm(field: email == nil ? "voterToken" : "email", value: email ?? voterToken ?? "")
        var response = PageResponse.html(
            ErasurePage(projectId: project.id, appName: project.name, step: step).html(viewer: context.viewer()))
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// `POST /dashboard/apps/{id}/erasures`: records the erasure, wakes the job and goes to its page.
    func create(_ context: PageContext) throws -> HTTPResponse {
        let project = try self.project(context)
        let (email, voterToken) = Self.named(FormFields(context.request))
        let record: ErasureRecord
        do {
            let owner = try ErasureRequests.owner(projectId: project.id, email: email, voterToken: voterToken)
            record = try store.db.transaction { try requests.record(owner, organizationId: context.session.organizationId) }
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return refused(context, project, email: email, voterToken: voterToken, error)
        }
        requests.wake()
        return PageResponse.redirect("/dashboard/erasures/" + record.id)
    }

    /// `GET /dashboard/erasures/{id}`: the erasure's progress; another organization's is 404.
    func status(_ context: PageContext) throws -> HTTPResponse {
        guard let id = context.request.pathParameters["id"],
            let record = try store.erasure(id: id, organizationId: context.session.organizationId)
        else { throw PageError.notFound }
        let appName =
            try record.projectId.flatMap { try store.project(id: $0, organizationId: record.organizationId)?.name } ?? "Organization"
        let parts = record.order.map { daemon in
            let state = record.daemons[daemon] ?? ErasureDaemonState()
            return ErasureStatusPage.Part(
                daemon: daemon.rawValue, done: state.state == .done,
                erased: state.erased.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { (kind: $0.key, count: $0.value) },
                lastError: state.lastError, attempts: state.attempts)
        }
        let page = ErasureStatusPage(
            id: record.id, projectId: record.projectId, appName: appName, done: record.state == .done, createdAt: record.createdAt,
            completedAt: record.completedAt, parts: parts)
        var response = PageResponse.html(page.html(viewer: context.viewer()))
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// The participant as the form names them; an empty field names nobody.
    static func named(_ form: FormFields) -> (email: String?, voterToken: String?) {
        let email = form.raw("email")?.trimmingCharacters(in: .whitespaces)
        let token = form.raw("voterToken")?.trimmingCharacters(in: .whitespaces)
        return (email?.isEmpty == false ? email : nil, token?.isEmpty == false ? token : nil)
    }

    func refused(_ context: PageContext, _ project: Project, email: String?, voterToken: String?, _ error: APIError) -> HTTPResponse {
        let step = ErasurePage.Step.form(email: email ?? "", voterToken: voterToken ?? "", problems: FormProblems(error.fields ?? [:]))
        return PageResponse.html(
            ErasurePage(projectId: project.id, appName: project.name, step: step).html(viewer: context.viewer()), status: 400)
    }

    func project(_ context: PageContext) throws -> Project { try apps.project(context) }
}
