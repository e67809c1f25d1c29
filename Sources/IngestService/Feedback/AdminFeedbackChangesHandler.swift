import Foundation
import HubHTTPServer

/// Operator work on one report: triage changes, replies and notes, promotion to an idea. The
/// checks and store calls are `ReportWork`'s, which the dashboard's report page uses too.
struct AdminFeedbackChangesHandler {
    /// Every field optional; `assigneeId: null` unassigns, absent leaves it.
    struct UpdateBody: Decodable {
        let status: String?
        let priority: String?
        let read: Bool?
        let assigneePresent: Bool
        let assigneeId: String?
        let labels: [String]?

        enum Keys: String, CodingKey { case status, priority, read, assigneeId, labels }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            status = try c.decodeIfPresent(String.self, forKey: .status)
            priority = try c.decodeIfPresent(String.self, forKey: .priority)
            read = try c.decodeIfPresent(Bool.self, forKey: .read)
            assigneePresent = c.contains(.assigneeId)
            assigneeId = try c.decodeIfPresent(String.self, forKey: .assigneeId)
            labels = try c.decodeIfPresent([String].self, forKey: .labels)
        }
    }

    struct ReplyBody: Decodable {
        let message: String?
        let `internal`: Bool?
    }

    struct PromoteBody: Decodable {
        let board: String?
        let title: String?
        let description: String?
    }

    let store: IngestStore
    /// The replies' email delivery state in the detail answered after a change.
    var deliveries: ReplyDeliveries?
    var work: ReportWork { ReportWork(store: store) }

    /// → 200 with the report's detail after the change.
    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["feedbackId"] ?? ""
        let body = try request.decodeJSON(UpdateBody.self)
        try work.update(
            id: id,
            ReportWork.Triage(
                status: body.status, priority: body.priority, read: body.read, setsAssignee: body.assigneePresent,
                assigneeId: body.assigneeId, labels: body.labels), by: caller.actor)
        return AdminFeedbackJSON.response(try AdminFeedbackHandler.detail(id, caller, store, deliveries))
    }

    /// `{"message","internal"}` → 201 `{id, message, internal, createdAt}` (+ `convertedToNote`).
    func reply(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["feedbackId"] ?? ""
        let body = try request.decodeJSON(ReplyBody.self)
        // With `Idempotency-Key`, a retry (a lost answer, a webhook delivered again) replays the
        // first answer; the key is the caller's own (its token's).
        let answer = try store.idempotent(
            projectId: "", route: "POST /api/admin/v1/feedback/\(id)/replies", scope: caller.actor.label,
            key: CommunityHTTP.idempotencyKey(request), payload: IngestStore.canonicalPayload(request.body)
        ) {
            let reply = try work.reply(id: id, message: body.message, internal: body.internal, by: caller.actor)
            let response = AdminFeedbackJSON.response(AdminFeedbackJSON.reply(reply), status: 201)
            return (response.status, response.body)
        }
        var response = HTTPResponse.jsonBytes(answer.body, status: answer.status)
        if answer.replayed { response.headers.append(("Idempotency-Replayed", "true")) }
        return response
    }

    /// `{"board","title","description"}` → 201 with the created idea.
    func promote(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["feedbackId"] ?? ""
        let body = try request.decodeJSON(PromoteBody.self)
        let idea = try work.promote(id: id, board: body.board, title: body.title, description: body.description, by: caller.actor)
        return .json(idea, status: 201)
    }
}
