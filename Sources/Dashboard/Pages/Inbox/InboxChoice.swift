/// One choice of a filter or a row's context: an app (project ID and name) or a member
/// (member ID and name).
public struct InboxChoice: Sendable, Equatable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
