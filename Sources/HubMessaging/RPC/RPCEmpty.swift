/// The body of a message that carries nothing; on the wire `{}`.
public struct RPCEmpty: Codable, Equatable, Sendable {
    public init() {}
}
