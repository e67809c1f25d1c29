/// The orders of the idea list (AppNorthIdeaSort). Pinned ideas come first in every order;
/// ties break by ID, newest first, so the order is total and keyset pages never skip or repeat.
public enum IdeaSort: String, CaseIterable, Sendable {
    case top, recent, discussed

    /// The ideas column of the main sort key, descending.
    var column: String {
        switch self {
        case .top: return "vote_count"
        case .recent: return "created_at"
        case .discussed: return "comment_count"
        }
    }

    /// The keyset position of an idea in this order: pinned, sort key, ID.
    func position(of idea: CommunityIdea) -> [CursorSigner.Value] {
        let key: CursorSigner.Value
        switch self {
        case .top: key = .int(Int64(idea.voteCount))
        case .recent: key = .text(idea.createdAt)
        case .discussed: key = .int(Int64(idea.commentCount))
        }
        return [.int(idea.pinned ? 1 : 0), key, .text(idea.id)]
    }
}
