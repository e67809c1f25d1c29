/// Who is calling the operator API: a live token and the organization every resource it
/// touches must belong to.
public struct AdminCaller: Sendable {
    public let token: APIToken
    public var organizationId: String { token.organizationId }
}
