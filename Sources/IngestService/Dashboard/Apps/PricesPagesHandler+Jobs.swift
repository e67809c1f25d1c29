import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// Price jobs on the pages: submitted from a preview, read with their items, cancelled,
/// retried and rolled back, each change in a `PendingWork` task.
extension PricesPagesHandler {
    private func jobRef(_ context: PageContext) throws -> (project: Project, ref: PriceJobRef) {
        let (project, app) = try apps.appleApp(context)
        let id = context.request.pathParameters["jobId"] ?? ""
        guard let app, (1...64).contains(id.utf8.count) else { throw PageError.notFound }
        return (project, PriceJobRef(app: app, jobId: id))
    }

    private func jobPath(_ project: Project, _ id: String) -> String { "/dashboard/apps/" + project.id + "/prices/jobs/" + id }

    /// `POST /dashboard/apps/{id}/prices/previews/{previewId}/jobs` (`startDate`, `preserveCurrentPrice`).
    func submit(_ context: PageContext) throws -> HTTPResponse {
        let (project, app) = try apps.importedApp(context)
        let form = FormFields(context.request)
        let body = AdminPriceJobsHandler.SubmitBody(
            previewId: context.request.pathParameters["previewId"], territories: nil, startDate: form["startDate"],
            preserveCurrentPrice: form["preserveCurrentPrice"] == "true")
        let call = try AdminPriceJobsHandler.submitRequest(body, app: app)
        let back = "/dashboard/apps/" + project.id + "/prices/previews/" + call.previewId
        return try work.begin(context, title: "Submitting the price job", back: back, actions: Self.actions) { finish in
            asod.client.call(PriceJobSubmit.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                finish(
                    result.map { job in { _ in PageResponse.redirect(jobPath(project, job.id) + "?done=submitted") } }
                        .mapError { APIError.fromBackend($0) })
            }
        }
    }

    /// `GET /dashboard/apps/{id}/prices/jobs/{jobId}`.
    func job(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try jobRef(context)
        let canManage = context.session.role.allows(.publish)
        let notice = Self.notice(context.request.query["done"])
        asod.forward(PriceJobGet.self, ref, respond: respond) { job in
            let page = PriceJobPage(
                projectId: project.id, appName: project.name, jobId: job.id, productId: job.productId, createdAt: job.createdAt,
                rollbackOf: job.rollbackOf, startDate: job.startDate,
                items: job.items.map {
                    .init(
                        territory: $0.territory, targetPointId: $0.targetPointId, fromPointId: $0.fromPointId, state: $0.state,
                        attempts: $0.attempts, error: $0.error, updatedAt: $0.updatedAt)
                }, canManage: canManage)
            var response = PageResponse.html(page.html(viewer: context.viewer(), notice: notice))
            response.headers.append(("Cache-Control", "no-store"))
            return response
        }
    }

    /// `POST /dashboard/apps/{id}/prices/jobs/{jobId}/{cancel,retry,rollback}`; a rollback lands
    /// on the new job it made.
    func act(_ action: String) -> (PageContext) throws -> HTTPResponse {
        { context in
            let (project, ref) = try jobRef(context)
            let titles = ["cancel": "Cancelling the price job", "retry": "Retrying failed items", "rollback": "Rolling back the price job"]
            return try work.begin(context, title: titles[action] ?? action, back: jobPath(project, ref.jobId), actions: Self.actions) {
                finish in
                asod.client.call(PriceJobAction.self, .init(job: ref, action: action)) { result in
                    finish(
                        result.map { job in { _ in PageResponse.redirect(jobPath(project, job.id) + "?done=" + action) } }
                            .mapError { APIError.fromBackend($0) })
                }
            }
        }
    }
}
