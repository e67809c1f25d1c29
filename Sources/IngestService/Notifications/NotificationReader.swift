/// Whose read state a feed shows: a member's (signed in, or through a token they made), or a
/// token's own when it has no author (the bootstrap operator token and its kind).
struct NotificationReader: Equatable {
    let organizationId: String
    let key: String

    init(_ caller: AdminCaller) {
        organizationId = caller.organizationId
        key = caller.token.authorMemberId.map { "member:" + $0 } ?? "token:" + caller.token.id
    }

    init(_ session: TeamSession) {
        organizationId = session.organizationId
        key = "member:" + session.memberId
    }
}
