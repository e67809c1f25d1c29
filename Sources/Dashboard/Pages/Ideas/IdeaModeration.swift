/// An idea's or a comment's moderation state (`ideas.moderation`, `comments.moderation`);
/// nil where the board does not moderate that kind of content.
public enum IdeaModeration: String, Sendable, CaseIterable {
    case pending, approved, rejected
}
