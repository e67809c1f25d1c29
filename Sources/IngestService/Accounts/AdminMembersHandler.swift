import Foundation
import HubHTTPServer

/// Members of the caller's organization: the people reports can be assigned to.
struct AdminMembersHandler {
    struct CreateBody: Decodable {
        let name: String?
        let email: String?
    }

    static let name = 1...100

    let store: IngestStore

    /// → `{"items":[…]}`, oldest first.
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        AdminFeedbackJSON.response(["items": try store.members(organizationId: caller.organizationId).map(\.json)])
    }

    /// `{"name","email"}` → 201 member; the email is trimmed and lowercased, unique in the organization.
    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let body = try request.decodeJSON(CreateBody.self)
        var errors = FieldErrors()
        let name = errors.text(body.name, "name", AdminMembersHandler.name)
        let email = body.email.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let email {
            if !AdminMembersHandler.isEmail(email) {
                errors.add("email", "must be an email address of at most \(InputLimits.email) characters")
            }
        } else {
            errors.add("email", "is required")
        }
        try errors.throwIfAny()
        let member = try store.addMember(organizationId: caller.organizationId, name: name!, email: email!)
        return AdminFeedbackJSON.response(member.json, status: 201)
    }

    /// → 204; 409 `MEMBER_ASSIGNED` while open reports are assigned to the member.
    func delete(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.removeMember(
            id: request.pathParameters["memberId"] ?? "", organizationId: caller.organizationId,
            actor: AdminFeedbackChangesHandler.actor(caller))
        return .noContent
    }

    /// One `@` with text on both sides, a dot in the domain, no spaces or controls.
    static func isEmail(_ text: String) -> Bool {
        guard (3...InputLimits.email).contains(text.utf8.count), !text.utf8.contains(where: { $0 <= 32 || $0 == 127 }) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
    }
}
