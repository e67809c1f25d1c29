import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// `/dashboard/apps/{id}/prices` (docs "Price localization"): the preview form and the jobs,
/// a preview's table and map, CSV export and import, and a job with its items. Reading is for
/// every member; previews, imports, submissions and job actions need `publish` (named at the
/// routes). Calls that wait on Apple (products, a preview, an import, a submission, a job's
/// actions) run as `PendingWork` tasks. Bodies are checked by `AdminPricesHandler` and
/// `AdminPriceJobsHandler`, as the operator API checks them.
struct PricesPagesHandler {
    let apps: AppsPagesHandler
    let asod: BackendForwarding
    let work: PendingWork

    /// The CSV import's upload: the docs' 32,000-byte file with room for the form around it.
    static let uploadBytes = 48 * 1024
    static let csvBytes = 32_000
    static let jobsShown = 20

    static let actions = ASCErrorText.actions.merging([
        "BASE_PRICE_REQUIRED": "Enter a base price: the product has no current price in the USA",
        "NO_DATASET": "The bundled dataset has no release on or before today",
        "INVALID_CSV": "Fix the rows named and import the file again",
        "STALE_CSV": "Apple's prices changed since the export: make a fresh preview and export again",
        "UNSUPPORTED_PRODUCT": "Price jobs set subscription prices; in-app purchases are priced as one schedule",
        "NOTHING_TO_SUBMIT": "The preview proposes no price point to set",
        "NOTHING_TO_ROLL_BACK": "No item of this job succeeded, so there is nothing to set back",
        "PREVIEW_NOT_FOUND": "Make a new preview",
    ]) { _, new in new }

    private func path(_ project: Project) -> String { "/dashboard/apps/" + project.id + "/prices" }

    /// `GET /dashboard/apps/{id}/prices`.
    func page(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try apps.appleApp(context)
        let page = PricesPage(
            projectId: project.id, appName: project.name, imported: ref != nil, canManage: context.session.role.allows(.publish))
        draw(context, page, status: 200, notice: Self.notice(context.request.query["done"]), respond)
    }

    /// The page with the project's jobs read from asod.
    private func draw(
        _ context: PageContext, _ page: PricesPage, status: Int, notice: PageShell.Notice?, _ respond: @escaping Route.Completion
    ) {
        guard page.imported else { return respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: notice)))) }
        asod.forward(PriceJobList.self, .init(projectId: page.projectId, limit: Self.jobsShown), respond: respond) { list in
            var page = page
            page.jobs = list.items.map(Self.summary)
            return PageResponse.html(page.html(viewer: context.viewer(), notice: notice), status: status)
        }
    }

    static func summary(_ job: PriceJobDTO) -> PricesPage.Job {
        PricesPage.Job(
            id: job.id, productId: job.productId, createdAt: job.createdAt, rollbackOf: job.rollbackOf,
            states: Dictionary(grouping: job.items, by: \.state).mapValues(\.count))
    }

    /// `POST /dashboard/apps/{id}/prices/products`: Apple's priced products in a task, drawn as
    /// the form's product picker.
    func products(_ context: PageContext) throws -> HTTPResponse {
        let (project, ref) = try apps.importedApp(context)
        return try work.begin(context, title: "Reading products from Apple", back: path(project), actions: Self.actions) { finish in
            asod.client.call(ASCPriceProducts.self, ref, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                switch result {
                case .failure(let error): finish(.failure(APIError.fromBackend(error)))
                case .success(let products):
                    asod.client.call(PriceJobList.self, .init(projectId: project.id, limit: Self.jobsShown)) { jobs in
                        finish(
                            .success { context in
                                let page = PricesPage(
                                    projectId: project.id, appName: project.name, imported: true,
                                    products: products.items.map {
                                        .init(id: $0.id, kind: $0.kind.rawValue, name: $0.name ?? $0.productId ?? $0.id)
                                    },
                                    jobs: ((try? jobs.get())?.items ?? []).map(Self.summary),
                                    canManage: context.session.role.allows(.publish))
                                return PageResponse.html(page.html(viewer: context.viewer()))
                            })
                    }
                }
            }
        }
    }

    /// `POST /dashboard/apps/{id}/prices/preview`: the form checked like the operator route's
    /// body (a refusal draws it again, 400, with what was typed), then the preview stored and
    /// Apple's current prices read in a task, drawn as the preview page.
    func preview(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try apps.importedApp(context)
        let form = FormFields(context.request)
        let draft = Dictionary(
            [
                "product", "productId", "kind", "territories", "strategy", "rounding", "basePrice", "minimumShareOfBase", "multipliers",
                "floors", "pinned", "locked",
            ].compactMap { name in form.raw(name).map { (name, $0) } }
        ) { first, _ in first }
        let call: ASCPricePreview.Request
        do {
            call = try AdminPricesHandler.previewRequest(try PriceForm.body(form), app: ref)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            let page = PricesPage(
                projectId: project.id, appName: project.name, imported: true, canManage: true, draft: draft,
                problems: FormProblems(error.fields ?? [:]))
            return draw(context, page, status: 400, notice: .problem("No preview was made. See the fields below."), respond)
        }
        let canManage = context.session.role.allows(.publish)
        respond(
            .success(
                try work.begin(context, title: "Building the price preview", back: path(project), actions: Self.actions) { finish in
                    asod.client.call(ASCPricePreview.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                        switch result {
                        case .failure(let error): finish(.failure(APIError.fromBackend(error)))
                        case .success(let stored):
                            // Apple's current prices, read with the same request (stored nowhere).
                            asod.client.call(ASCPriceSuggest.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout) { suggested in
                                finish(
                                    Result {
                                        let document = try PricePreviewDocument.decode(stored.preview)
                                        let page = document.page(
                                            stored, project: project, productId: call.product.id, rounding: call.rounding,
                                            current: (try? suggested.get())?.current, canManage: canManage)
                                        return { context in PageResponse.html(page.html(viewer: context.viewer())) }
                                    })
                            }
                        }
                    }
                }))
    }

    /// `GET /dashboard/apps/{id}/prices/previews/{previewId}`: a stored preview again.
    func storedPreview(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let project = try apps.importedApp(context).project
        let call = ASCPricePreviewGet.Request(projectId: project.id, previewId: context.request.pathParameters["previewId"] ?? "")
        let canManage = context.session.role.allows(.publish)
        let notice: PageShell.Notice? =
            context.request.query["done"] == "imported" ? .ok("The CSV matched Apple's current prices and is now this preview.") : nil
        asod.forward(ASCPricePreviewGet.self, call, respond: respond) { stored in
            let page = try PricePreviewDocument.decode(stored.preview).page(
                stored, project: project, productId: nil, rounding: nil, current: nil, canManage: canManage)
            return PageResponse.html(page.html(viewer: context.viewer(), notice: notice))
        }
    }

    /// `GET /dashboard/apps/{id}/prices/previews/{previewId}/csv`: the download, each row with
    /// the point Apple has now.
    func exportCSV(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let ref = try apps.importedApp(context).ref
        let call = ASCPriceCSVExport.Request(app: ref, previewId: context.request.pathParameters["previewId"] ?? "")
        AdminPricesHandler.exportCSV(call, through: asod, respond)
    }

    /// `POST /dashboard/apps/{id}/prices/import` (multipart `csv`): checked against Apple in a
    /// task; a good file becomes a stored preview, a bad one is refused naming its rows.
    func importCSV(_ context: PageContext) throws -> HTTPResponse {
        let (project, ref) = try apps.importedApp(context)
        guard let file = MultipartForm(context.request)?.files("csv").first else {
            throw APIError.invalidPayload(["csv": ["is required: choose a CSV file"]])
        }
        guard file.bytes.count <= Self.csvBytes else {
            throw APIError.invalidPayload(["csv": ["is over \(Self.csvBytes) bytes"]])
        }
        let call = ASCPriceCSVImport.Request(app: ref, csv: String(decoding: file.bytes, as: UTF8.self))
        let back = path(project)
        return try work.begin(context, title: "Checking the CSV against Apple", back: back, actions: Self.actions) { finish in
            asod.client.call(ASCPriceCSVImport.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                finish(
                    result.map { stored in { _ in PageResponse.redirect(back + "/previews/" + stored.previewId + "?done=imported") } }
                        .mapError { APIError.fromBackend($0) })
            }
        }
    }

    static func notice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "cancel": return .ok("Pending items cancelled; what was sent stays sent.")
        case "retry": return .ok("Failed items are pending again.")
        case "rollback": return .ok("This job sets the succeeded territories back to their previous prices.")
        case "submitted": return .ok("Job recorded. The prices worker writes to Apple, rereading each price first.")
        default: return nil
        }
    }
}
