import Foundation
import HubHTTPServer

/// Members of the caller's organization, with their roles: the people reports can be assigned
/// to, and who may sign in to the dashboard (docs/accounts.md).
struct AdminMembersHandler {
    struct CreateBody: Decodable {
        let name: String?
        let email: String?
        let role: String?
    }

    struct UpdateBody: Decodable {
        let role: String?
    }

    static let name = 1...100

    let store: IngestStore

    /// → `{"items":[…]}`, oldest first; every role may read it (members assign reports).
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        AdminFeedbackJSON.response(["items": try store.members(organizationId: caller.organizationId).map(\.json)])
    }

    /// `{"name","email","role"?}` → 201 member (`member` unless told); the email is trimmed and
    /// lowercased, unique in the organization. The person signs in once an invitation or setup
    /// link gives them a password.
    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let body = try request.decodeJSON(CreateBody.self)
        var errors = FieldErrors()
        let name = errors.text(body.name, "name", AdminMembersHandler.name)
        let email = AdminMembersHandler.email(body.email, into: &errors)
        let role = AdminValidation.choice(body.role, Role.self, "role", into: &errors)
        try errors.throwIfAny()
        let member = try store.addMember(
            organizationId: caller.organizationId, name: name!, email: email!, role: role ?? .member, by: caller.actor)
        return AdminFeedbackJSON.response(member.json, status: 201)
    }

    /// `{"role"}` → 200 member. Only an owner grants or takes away `owner`; the last owner keeps
    /// it (409 `LAST_OWNER`).
    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let body = try request.decodeJSON(UpdateBody.self)
        let member = try TeamEdits(store: store).changeRole(
            memberId: request.pathParameters["memberId"] ?? "", to: body.role, by: caller.actor)
        return AdminFeedbackJSON.response(member.json)
    }

    /// → 204; their sessions end and their tokens stop working at once. 409 `MEMBER_ASSIGNED`
    /// while open reports are assigned to the member, 409 `LAST_OWNER` for the last owner.
    func delete(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.removeMember(id: request.pathParameters["memberId"] ?? "", by: caller.actor)
        return .noContent
    }

    /// A required email field, trimmed and lowercased.
    static func email(_ value: String?, into errors: inout FieldErrors) -> String? {
        guard let value else {
            errors.add("email", "is required")
            return nil
        }
        let email = Accounts.normalizedEmail(value)
        guard isEmail(email) else {
            errors.add("email", "must be an email address of at most \(InputLimits.email) characters")
            return nil
        }
        return email
    }

    /// One `@` with text on both sides, a dot in the domain, no spaces or controls.
    static func isEmail(_ text: String) -> Bool {
        guard (3...InputLimits.email).contains(text.utf8.count), !text.utf8.contains(where: { $0 <= 32 || $0 == 127 }) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
    }
}
