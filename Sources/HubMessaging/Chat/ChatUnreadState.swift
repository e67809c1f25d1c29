/// `chat.unread`: for each owner of one project, whether their latest conversation has a
/// public team reply they have not read (the same rule as `chat.status`). pushd asks just
/// before sending, so an alert already read becomes a badge-only update.
public enum ChatUnreadState: RPCMessage {
    public static let type = "chat.unread"
    /// Most owners per call.
    public static let maximumOwners = 1_000

    public struct Owner: Codable, Equatable, Hashable, Sendable {
        public var kind: ChatOwner.Kind
        public var value: String
        public init(kind: ChatOwner.Kind, value: String) {
            self.kind = kind
            self.value = value
        }
    }

    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var owners: [Owner]
        public init(projectId: String, owners: [Owner]) {
            self.projectId = projectId
            self.owners = owners
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        /// In the order of the request's owners.
        public var unread: [Bool]
        public init(unread: [Bool]) { self.unread = unread }
    }
}
