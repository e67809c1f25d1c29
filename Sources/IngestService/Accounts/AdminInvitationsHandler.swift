import HubHTTPServer

/// `/organization/invitations`: links that let someone join the caller's organization with a
/// role, valid 7 days and single use (docs/accounts.md, "Invitations and setup links"). Owners
/// and admins only; the link is in the creating response only.
struct AdminInvitationsHandler {
    struct CreateBody: Decodable {
        let email: String?
        let role: String?
    }

    let store: IngestStore
    /// `APPNORTH_PUBLIC_URL`, the base of the links (else the request's own).
    let publicURL: String?
    /// `APPNORTH_SMTP_URL` is set: a new invitation is also emailed.
    var emailOn = false
    /// Whether each invitation's email went out (pushd's `email.deliveries`).
    var deliveries: ReplyDeliveries?

    /// → `{"items":[…]}`: the invitations and setup links that can still be used, oldest first;
    /// an invitation the hub emailed has its `emailDelivery` (`queued`, `sent`, `failed`).
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let codes = try store.pendingCodes(by: caller.actor)
        let emails = deliveries?.invitations(codes.filter { $0.kind == .invitation }.map(\.id)) ?? [:]
        return AdminFeedbackJSON.response([
            "items": codes.map { code in
                var json = code.json
                if let email = emails[code.id], email.state != "off" { json["emailDelivery"] = ReplyDeliveries.json(email) }
                return json
            }
        ])
    }

    /// `{"email","role"}` → 201 invitation with `code` and `url`, shown only here.
    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let body = try request.decodeJSON(CreateBody.self)
        let base = request.publicBase(configured: publicURL)
        let created = try TeamEdits(store: store).invite(
            email: body.email, role: body.role, by: caller.actor, linkBase: emailOn ? base : nil)
        var json = created.record.json
        json["code"] = created.code
        json["url"] = Accounts.link(code: created.code, base: base)
        json["emailed"] = emailOn
        var response = AdminFeedbackJSON.response(json, status: 201)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// → 204; the link stops working at once.
    func delete(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.revokeCode(id: request.pathParameters["invitationId"] ?? "", by: caller.actor)
        return .noContent
    }
}
