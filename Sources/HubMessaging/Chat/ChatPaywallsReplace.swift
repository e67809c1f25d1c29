/// `chat.paywalls.replace`: stores the owner's reported catalog in place of the previous one.
/// An invalid snapshot is 400 `INVALID_PAYLOAD` with every problem in `fields`, and nothing changes.
public enum ChatPaywallsReplace: RPCMessage {
    public static let type = "chat.paywalls.replace"
    public struct Request: Codable, Equatable, Sendable {
        public var owner: ChatOwner
        public var snapshot: ChatPaywallSnapshot
        public init(owner: ChatOwner, snapshot: ChatPaywallSnapshot) {
            self.owner = owner
            self.snapshot = snapshot
        }
    }
    public typealias Response = RPCEmpty
}
