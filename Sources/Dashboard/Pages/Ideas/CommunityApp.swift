/// An app (project) whose community the ideas pages show. From `Project`: `id` (the internal
/// project ID the dashboard's addresses use), `name`, and `appId` (the public App ID of the
/// hosted roadmap and changelog).
public struct CommunityApp: Sendable, Equatable {
    public let id: String
    public let name: String
    public let appId: String

    public init(id: String, name: String, appId: String) {
        self.id = id
        self.name = name
        self.appId = appId
    }
}
