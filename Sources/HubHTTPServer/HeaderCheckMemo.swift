/// What a route's `Route.HeaderCheck` worked out about a request's head, kept for the handler
/// of the same request so it does not work it out again once the body is in. The check writes
/// it before the body is read and the handler reads it after, an order the server keeps; each
/// request has its own, shared by the copies of its `HTTPRequest`.
public final class HeaderCheckMemo: @unchecked Sendable {
    public var value: (any Sendable)?

    public init() {}
}
