import Shared

/// `GET /organization` (the caller's) and `POST /organizations` (instance operator only:
/// tokens of the `default` organization).
struct AdminOrganizationsHandler {
    struct CreateBody: Decodable {
        let slug: String?
        let name: String?
    }

    let store: IngestStore

    func register(on admin: AdminRouter) {
        admin.add("GET", "/organization", get)
        admin.add("POST", "/organizations", create)
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        guard let organization = try store.organization(id: caller.organizationId) else { throw APIError.adminNotFound("organization") }
        return .json(organization)
    }

    /// 201 `{"organization", "token"}`: the new organization and its first `write` token,
    /// whose text is shown only here.
    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        guard try store.organization(id: caller.organizationId)?.slug == "default" else { throw APIError.organizationRequired }
        let body = try request.decodeJSON(CreateBody.self)
        var errors = FieldErrors()
        let slug = AdminValidation.slug(body.slug, "slug", into: &errors)
        let name = errors.text(body.name, "name", AdminValidation.organizationName)
        try errors.throwIfAny()
        let created = try store.createOrganizationWithToken(slug: slug!, name: name!)
        var response = HTTPResponse.json(CreatedOrganization(organization: created.organization,
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
