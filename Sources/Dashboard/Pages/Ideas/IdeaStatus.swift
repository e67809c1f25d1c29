/// A board status as an idea shows it (`BoardStatus` / `AdminIdea.Status`): its slug, its
/// label and its `#RRGGBB` color.
public struct IdeaStatus: Sendable, Equatable {
    public let slug: String
    public let label: String
    public let color: String

    public init(slug: String, label: String, color: String) {
        self.slug = slug
        self.label = label
        self.color = color
    }
}
