import Foundation
import HubHTTPServer
import HubMessaging

/// App Store reviews of an imported project (docs/app-store-connect.md, "Reviews"): synchronize
/// now, list up to 200 newest with filters, publish or delete the developer response, mark
/// open/done, and promote a review to a community idea keeping the link.
struct AdminReviewsHandler {
    let store: IngestStore
    let lookup: AdminLookup
    let asod: BackendForwarding

    struct ResponseBody: Decodable { let body: String? }
    struct StatusBody: Decodable { let status: String? }
    struct PromoteBody: Decodable {
        let board: String?
        let title: String?
        let description: String?
    }

    private func app(_ request: HTTPRequest, _ caller: AdminCaller) throws -> (ref: ASCAppRef, project: Project) {
        try lookup.importedApp(request, caller)
    }

    func review(_ request: HTTPRequest, _ caller: AdminCaller) throws -> (ref: ASCReviewRef, project: Project) {
        let (app, project) = try app(request, caller)
        let id = request.pathParameters["reviewId"] ?? ""
        guard (1...100).contains(id.utf8.count) else {
            throw APIError(status: 404, code: "REVIEW_NOT_FOUND", message: "No review with this ID.")
        }
        return (ASCReviewRef(app: app, reviewId: id), project)
    }

    /// The review with its promoted idea, as ingest knows it.
    private func render(_ review: ASCReviewDTO, projectId: String) throws -> HTTPResponse {
        var copy = review
        copy.ideaId = try store.reviewPromotions(projectId: projectId)[review.id]
        return .json(copy)
    }

    func sync(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (app, _) = try app(request, caller)
        asod.forward(ASCReviewsSync.self, app, timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond) {
            .jsonBytes(Array("{\"fetched\":\($0.fetched)}".utf8))
        }
    }

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (app, _) = try app(request, caller)
        let call = try Self.listRequest(projectId: app.projectId, request)
        let promotions = try store.reviewPromotions(projectId: app.projectId)
        asod.forward(ASCReviewsList.self, call, respond: respond) { answer in
            .json(
                ReviewList(
                    items: answer.items.map { review in
                        var copy = review
                        copy.ideaId = promotions[review.id]
                        return copy
                    }))
        }
    }

    /// The list call from a query (`rating`, `territory`, `answered`, `status`, `limit`), as the
    /// API and the dashboard's filters both read it; a bad value is 400 `INVALID_QUERY`.
    static func listRequest(projectId: String, _ request: HTTPRequest) throws -> ASCReviewsList.Request {
        var problems: [String: [String]] = [:]
        var call = ASCReviewsList.Request(projectId: projectId)
        if let text = CommunityHTTP.nonEmptyQuery(request, "rating") {
            if let rating = Int(text), (1...5).contains(rating) { call.rating = rating } else { problems["rating"] = ["must be 1-5"] }
        }
        if let text = CommunityHTTP.nonEmptyQuery(request, "territory") {
            if text.count == 3, text.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                call.territory = text
            } else {
                problems["territory"] = ["must be an ISO 3166 alpha-3 code such as USA"]
            }
        }
        if let text = CommunityHTTP.nonEmptyQuery(request, "answered") {
            if text == "true" || text == "false" {
                call.answered = text == "true"
            } else {
                problems["answered"] = ["must be true or false"]
            }
        }
        if let text = CommunityHTTP.nonEmptyQuery(request, "status") {
            if let status = ASCReviewDTO.Status(rawValue: text) {
                call.status = status
            } else {
                problems["status"] = ["must be open or done"]
            }
        }
        if let text = CommunityHTTP.nonEmptyQuery(request, "limit") {
            if let limit = Int(text), (1...ASCReviewsList.maximumLimit).contains(limit) {
                call.limit = limit
            } else {
                problems["limit"] = ["must be 1-\(ASCReviewsList.maximumLimit)"]
            }
        }
        if !problems.isEmpty { throw APIError.invalidQuery(problems) }
        return call
    }

    func respond(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let text = try Self.responseText(try request.decodeJSON(ResponseBody.self).body)
        let (ref, project) = try review(request, caller)
        asod.forward(
            ASCReviewRespond.self, ASCReviewRespond.Request(review: ref, body: text), timeout: AdminAppStoreConnectHandler.appleTimeout,
            respond: respond
        ) { try render($0, projectId: project.id) }
    }

    /// A developer response as sent to Apple: trimmed, 1-5,970 characters.
    static func responseText(_ body: String?) throws -> String {
        let text = body?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard (1...ASCReviewRespond.maximumBodyLength).contains(text.count) else {
            throw APIError.invalidPayload(["body": ["must be 1-\(ASCReviewRespond.maximumBodyLength) characters"]])
        }
        return text
    }

    /// One stored review with its promoted idea (`reply_review`'s preview reads it; no route yet).
    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (ref, project) = try review(request, caller)
        asod.forward(ASCReviewGet.self, ref, respond: respond) { try render($0, projectId: project.id) }
    }

    func deleteResponse(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (ref, project) = try review(request, caller)
        asod.forward(ASCReviewDeleteResponse.self, ref, timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond) {
            try render($0, projectId: project.id)
        }
    }

    func setStatus(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(StatusBody.self)
        guard let status = body.status.flatMap(ASCReviewDTO.Status.init(rawValue:)) else {
            throw APIError.invalidPayload(["status": ["must be open or done"]])
        }
        let (ref, project) = try review(request, caller)
        asod.forward(ASCReviewSetStatus.self, ASCReviewSetStatus.Request(review: ref, status: status), respond: respond) {
            try render($0, projectId: project.id)
        }
    }

    /// `{"board", "title"?, "description"?}` → 201 `{idea, review}`; title and description default
    /// to the review's, which the operator is expected to have read.
    func promote(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(PromoteBody.self)
        let (ref, project) = try review(request, caller)
        try promote(ref, project: project, body) { result in
            respond(result.map { .json(Promoted(idea: $0.idea, review: $0.review), status: 201) })
        }
    }

    /// The promotion both the API and the dashboard run: the board's slug checked first, then
    /// the stored review read and the idea made with the link kept.
    func promote(
        _ ref: ASCReviewRef, project: Project, _ body: PromoteBody,
        _ done: @escaping (Result<(idea: AdminIdea, review: ASCReviewDTO), Error>) -> Void
    ) throws {
        var errors = FieldErrors()
        let board = AdminValidation.slug(body.board ?? "ideas", "board", into: &errors)
        try errors.throwIfAny()
        let store = self.store
        asod.client.call(ASCReviewGet.self, ref) { result in
            done(
                Result {
                    let review = try result.mapError { APIError.fromBackend($0) }.get()
                    var errors = FieldErrors()
                    let reviewTitle = review.title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    let fallbackTitle =
                        InputLimits.ideaTitle.contains(reviewTitle.count)
                        ? reviewTitle
                        : "Review from \(review.territory ?? "the App Store")"
                    let title = errors.text(
                        body.title ?? String(fallbackTitle.prefix(InputLimits.ideaTitle.upperBound)), "title", InputLimits.ideaTitle)
                    let description = errors.text(
                        body.description ?? String((review.body ?? "").prefix(InputLimits.ideaDescription.upperBound)),
                        "description", InputLimits.ideaDescription, required: false)
                    try errors.throwIfAny()
                    let idea = try store.promoteReview(
                        projectId: project.id, organizationId: ref.app.organizationId, reviewId: review.id,
                        boardSlug: board!, title: title!, description: description ?? "")
                    var linked = review
                    linked.ideaId = idea.id
                    return (idea: idea, review: linked)
                })
        }
    }

    private struct ReviewList: Encodable { let items: [ASCReviewDTO] }
    private struct Promoted: Encodable {
        let idea: AdminIdea
        let review: ASCReviewDTO
    }
}
