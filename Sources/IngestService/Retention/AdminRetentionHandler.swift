import HubHTTPServer
import HubRuntime

/// `GET/PATCH /organization/retention`: the caller's workspace media retention
/// (`{"mediaRetentionDays": n | null}`, off by default). Writes need an owner's or admin's
/// `write` token (`AdminAuth`).
struct AdminRetentionHandler {
    struct Body: Decodable {
        let days: Int?
        let present: Bool

        private enum Keys: String, CodingKey { case mediaRetentionDays }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            days = try c.decodeIfPresent(Int.self, forKey: .mediaRetentionDays)
            present = c.contains(.mediaRetentionDays)
        }
    }

    struct View: Encodable {
        let mediaRetentionDays: Int?

        private enum Keys: String, CodingKey { case mediaRetentionDays }

        // Off is written as null, never left out.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(mediaRetentionDays, forKey: .mediaRetentionDays)
        }
    }

    let store: IngestStore

    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(View(mediaRetentionDays: try store.mediaRetentionDays(organizationId: caller.organizationId)))
    }

    /// 200 with the setting as saved; 400 `INVALID_PAYLOAD` for a missing field or days out of range.
    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let body = try request.decodeJSON(Body.self)
        var errors = FieldErrors()
        if !body.present { errors.add("mediaRetentionDays", "is required") }
        if let days = body.days, !MediaRetention.days.contains(days) { errors.add("mediaRetentionDays", MediaRetention.rangeProblem) }
        try errors.throwIfAny()
        try store.setMediaRetentionDays(organizationId: caller.organizationId, days: body.days)
        return .json(View(mediaRetentionDays: body.days))
    }
}
