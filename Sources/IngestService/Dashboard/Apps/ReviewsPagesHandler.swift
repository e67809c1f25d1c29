import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// `/dashboard/apps/{id}/reviews` and one review's page. Reading is for every member; writes
/// need `publish` (named at the routes). Listing, status and promotion use asod's stored reviews
/// and answer at once; synchronizing and publishing or deleting a response wait on Apple, so
/// they run as `PendingWork` tasks. Filters, response text and promotion are checked by
/// `AdminReviewsHandler`, as the operator API checks them.
struct ReviewsPagesHandler {
    let apps: AppsPagesHandler
    let reviews: AdminReviewsHandler
    let drafts: AdminReviewDraftsHandler
    let asod: BackendForwarding
    let work: PendingWork
    var store: IngestStore { apps.store }

    func reviewsPath(_ project: Project) -> String { "/dashboard/apps/" + project.id + "/reviews" }

    /// The project of the path with its Apple app; nil when it was not imported.
    private func app(_ context: PageContext) throws -> (project: Project, ref: ASCAppRef?) {
        let project = try apps.project(context)
        let ref = project.appStoreId.map {
            ASCAppRef(organizationId: context.session.organizationId, projectId: project.id, appStoreId: $0)
        }
        return (project, ref)
    }

    func reviewRef(_ context: PageContext) throws -> (project: Project, ref: ASCReviewRef) {
        let (project, app) = try app(context)
        let id = context.request.pathParameters["reviewId"] ?? ""
        guard let app, (1...100).contains(id.utf8.count) else { throw PageError.notFound }
        return (project, ASCReviewRef(app: app, reviewId: id))
    }

    /// `GET /dashboard/apps/{id}/reviews?rating=&territory=&answered=&status=`.
    func list(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, app) = try app(context)
        let query = context.request.query
        let filters = ReviewsPage.Filters(
            rating: query["rating"] ?? "", territory: query["territory"] ?? "", answered: query["answered"] ?? "",
            status: query["status"] ?? "")
        var page = ReviewsPage(
            projectId: project.id, appName: project.name, reviews: [], filters: filters, availability: .notImported,
            canManage: context.session.role.allows(.publish))
        let notice = Self.notice(query["done"])
        guard let app else { return respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: notice)))) }
        let call: ASCReviewsList.Request
        do {
            call = try AdminReviewsHandler.listRequest(projectId: app.projectId, context.request)
        } catch let error as APIError where error.code == "INVALID_QUERY" {
            page.availability = .ready
            page.problems = FormProblems(error.fields ?? [:])
            return respond(
                .success(
                    PageResponse.html(page.html(viewer: context.viewer(), notice: .problem("Some filters are not valid.")), status: 400)))
        }
        let promotions = try store.reviewPromotions(projectId: project.id)
        asod.client.call(ASCConnectionGet.self, ASCOrganizationRef(organizationId: app.organizationId)) { connection in
            asod.forward(ASCReviewsList.self, call, respond: respond) { answer in
                page.availability = (try? connection.get()) == nil ? .notConnected : .ready
                page.reviews = answer.items.map { Self.row($0, ideaId: promotions[$0.id]) }
                return PageResponse.html(page.html(viewer: context.viewer(), notice: notice))
            }
        }
    }

    /// `GET /dashboard/apps/{id}/reviews/{reviewId}`.
    func review(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try reviewRef(context)
        let notice = Self.notice(context.request.query["done"])
        try draw(context, project, ref, status: 200, notice: notice, respond) { _ in }
    }

    private func draw(
        _ context: PageContext, _ project: Project, _ ref: ASCReviewRef, status: Int, notice: PageShell.Notice?,
        _ respond: @escaping Route.Completion, _ change: @escaping (inout ReviewPage) -> Void
    ) throws {
        asod.forward(ASCReviewGet.self, ref, respond: respond) { review in
            var page = try self.page(context, project, review)
            change(&page)
            return PageResponse.html(page.html(viewer: context.viewer(), notice: notice), status: status)
        }
    }

    /// The review's page for whoever looks, with the project's promotions and boards as stored now.
    func page(_ context: PageContext, _ project: Project, _ review: ASCReviewDTO) throws -> ReviewPage {
        let promotions = try store.reviewPromotions(projectId: project.id)
        let boards = try store.boards(projectId: project.id).map { ReviewPage.Board(slug: $0.slug, name: $0.name) }
        return ReviewPage(
            projectId: project.id, appName: project.name, review: Self.row(review, ideaId: promotions[review.id]),
            responseBody: review.response?.body, responseUpdatedAt: review.response?.updatedAt, boards: boards,
            canManage: context.session.role.allows(.publish), drafting: drafts.configured ? .available : .off)
    }

    static func row(_ review: ASCReviewDTO, ideaId: String?) -> ReviewsPage.Review {
        ReviewsPage.Review(
            id: review.id, rating: review.rating, title: review.title, body: review.body, reviewer: review.reviewerNickname,
            territory: review.territory, createdAt: review.createdAt, hasResponse: review.response != nil,
            responseState: review.response?.state, status: review.status.rawValue, ideaId: ideaId)
    }

    /// `POST /dashboard/apps/{id}/reviews/sync`: Apple's newest reviews, in a task.
    func sync(_ context: PageContext) throws -> HTTPResponse {
        let (project, app) = try app(context)
        guard let app else { throw APIError(status: 409, code: "NOT_IMPORTED", message: "This app is not imported.") }
        let back = reviewsPath(project)
        return try work.begin(context, title: "Synchronizing reviews with Apple", back: back, actions: ASCErrorText.actions) { finish in
            asod.client.call(ASCReviewsSync.self, app, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                finish(
                    result.map { answer in { _ in PageResponse.redirect(back + "?done=synced-\(answer.fetched)") } }
                        .mapError { APIError.fromBackend($0) })
            }
        }
    }

    /// `POST /dashboard/apps/{id}/reviews/{reviewId}/response` (`body`): published with Apple in
    /// a task; a text out of bounds draws the page again (400) with what was typed.
    func respondToReview(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try reviewRef(context)
        let typed = FormFields(context.request).raw("body") ?? ""
        let text: String
        do {
            text = try AdminReviewsHandler.responseText(typed)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return try draw(context, project, ref, status: 400, notice: .problem("The response was not published. See below."), respond) {
                $0.draft = typed
                $0.problems = FormProblems(error.fields ?? [:])
            }
        }
        let back = reviewsPath(project) + "/" + ref.reviewId
        respond(
            .success(
                try work.begin(context, title: "Publishing the response", back: back, actions: ASCErrorText.actions) { finish in
                    asod.client.call(
                        ASCReviewRespond.self, .init(review: ref, body: text), timeout: AdminAppStoreConnectHandler.appleTimeout
                    ) { result in
                        finish(
                            result.map { _ in { _ in PageResponse.redirect(back + "?done=published") } }.mapError {
                                APIError.fromBackend($0)
                            })
                    }
                }))
    }

    /// `POST /dashboard/apps/{id}/reviews/{reviewId}/response/delete`: deleted with Apple in a task.
    func deleteResponse(_ context: PageContext) throws -> HTTPResponse {
        let (project, ref) = try reviewRef(context)
        let back = reviewsPath(project) + "/" + ref.reviewId
        return try work.begin(context, title: "Deleting the response", back: back, actions: ASCErrorText.actions) { finish in
            asod.client.call(ASCReviewDeleteResponse.self, ref, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                finish(
                    result.map { _ in { _ in PageResponse.redirect(back + "?done=response-deleted") } }.mapError {
                        APIError.fromBackend($0)
                    })
            }
        }
    }

    /// `POST /dashboard/apps/{id}/reviews/{reviewId}/status` (`status` open or done).
    func setStatus(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try reviewRef(context)
        guard let status = FormFields(context.request)["status"].flatMap(ASCReviewDTO.Status.init(rawValue:)) else {
            throw APIError.invalidPayload(["status": ["must be open or done"]])
        }
        let back = reviewsPath(project) + "/" + ref.reviewId
        asod.forward(ASCReviewSetStatus.self, .init(review: ref, status: status), respond: respond) { _ in
            PageResponse.redirect(back + "?done=" + status.rawValue)
        }
    }

    /// `POST /dashboard/apps/{id}/reviews/{reviewId}/promote` (`board`, `title`, `description`).
    func promote(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let (project, ref) = try reviewRef(context)
        let form = FormFields(context.request)
        let body = AdminReviewsHandler.PromoteBody(board: form["board"], title: form.raw("title"), description: form.raw("description"))
        let back = reviewsPath(project) + "/" + ref.reviewId
        try reviews.promote(ref, project: project, body) { result in
            switch result {
            case .success: respond(.success(PageResponse.redirect(back + "?done=promoted#idea")))
            case .failure(let error as APIError) where error.code == "INVALID_PAYLOAD":
                do {
                    try draw(context, project, ref, status: 400, notice: .problem("The idea was not created. See below."), respond) {
                        $0.problems = FormProblems(error.fields ?? [:])
                    }
                } catch { respond(.failure(error)) }
            case .failure(let error): respond(.failure(error))
            }
        }
    }

    static func notice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "published": return .ok("Response sent to Apple. Apple may keep it pending before it shows on the App Store.")
        case "response-deleted": return .ok("Response deleted with Apple.")
        case "done": return .ok("Marked done. Nothing was sent to Apple.")
        case "open": return .ok("Reopened.")
        case "promoted": return .ok("Promoted to an idea; the review stays linked to it.")
        case let done? where done.hasPrefix("synced-"):
            return .ok("Synchronized with Apple: \(Int(done.dropFirst("synced-".count)) ?? 0) reviews fetched.")
        default: return nil
        }
    }
}
