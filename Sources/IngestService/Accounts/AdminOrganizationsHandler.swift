import HubHTTPServer
import HubRuntime

/// `GET /organization` (the caller's), `POST /organizations` and `PATCH /organizations/{id}`
/// (its plan); the last two for the instance operator only (tokens of the `default` organization).
struct AdminOrganizationsHandler {
    struct CreateBody: Decodable {
        let slug: String?
        let name: String?
        let plan: String?
    }

    struct UpdateBody: Decodable {
        let plan: String?
        /// Absent: unchanged; null: no limit.
        let appAllowance: Int?
        let setsAllowance: Bool

        private enum Keys: String, CodingKey { case plan, appAllowance }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            plan = try c.decodeIfPresent(String.self, forKey: .plan)
            appAllowance = try c.decodeIfPresent(Int.self, forKey: .appAllowance)
            setsAllowance = c.contains(.appAllowance)
        }
    }

    let store: IngestStore

    /// 200 with the organization, its plan and/or app allowance changed.
    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.requireInstanceOperator(caller.organizationId, else: .organizationRequired)
        let body = try request.decodeJSON(UpdateBody.self)
        var errors = FieldErrors()
        let plan = Self.plan(body.plan, required: !body.setsAllowance, into: &errors)
        if let allowance = body.appAllowance, !(0...100_000).contains(allowance) { errors.add("appAllowance", "must be 0-100000 or null") }
        try errors.throwIfAny()
        guard
            let updated = try store.updateOrganization(
                id: request.pathParameters["id"] ?? "", plan: plan, appAllowance: body.appAllowance,
                setsAllowance: body.setsAllowance)
        else {
            throw APIError.adminNotFound("organization")
        }
        return .json(updated)
    }

    static func plan(_ value: String?, required: Bool, into errors: inout FieldErrors) -> OrganizationPlan? {
        guard let value else {
            if required { errors.add("plan", "is required") }
            return nil
        }
        guard let plan = OrganizationPlan(rawValue: value) else {
            errors.add("plan", "must be one of \(OrganizationPlan.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return plan
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        guard let organization = try store.organization(id: caller.organizationId) else { throw APIError.adminNotFound("organization") }
        return .json(organization)
    }

    /// 201 `{"organization", "token"}`: the new organization and its first `write` token,
    /// whose text is shown only here.
    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.requireInstanceOperator(caller.organizationId, else: .organizationRequired)
        let body = try request.decodeJSON(CreateBody.self)
        var errors = FieldErrors()
        let slug = AdminValidation.slug(body.slug, "slug", into: &errors)
        let name = errors.text(body.name, "name", AdminValidation.organizationName)
        let plan = Self.plan(body.plan, required: false, into: &errors) ?? .selfhosted
        try errors.throwIfAny()
        let created = try store.createOrganizationWithToken(slug: slug!, name: name!, plan: plan)
        var response = HTTPResponse.json(
            CreatedOrganization(
                organization: created.organization,
                token: AdminTokenView(record: created.record, token: created.token)),
            status: 201)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    private struct CreatedOrganization: Encodable {
        let organization: Organization
        let token: AdminTokenView
    }
}
