/// An idea named by another page: the one a report became, a merge target, an idea to link
/// a report to. From `AdminIdea` (`id`, `title`, `boardSlug` → the board's name, `voteCount`).
public struct IdeaChoice: Sendable, Equatable {
    public let id: String
    public let title: String
    public let boardName: String
    public let votes: Int

    public init(id: String, title: String, boardName: String, votes: Int) {
        self.id = id
        self.title = title
        self.boardName = boardName
        self.votes = votes
    }

    var path: String { "/dashboard/ideas/" + id }

    /// `Title — Board, 12 votes`, for a choice in a list.
    var described: String { title + " — " + boardName + ", " + IdeaBadges.votes(votes) }
}
