/// What the public idea list is filtered by, already resolved against the project's boards.
public struct IdeaListFilter {
    public var boardId: String?
    /// IDs of the statuses with the requested slug (one per board carrying it); nil for any.
    public var statusIds: [String]?
    /// An FTS5 expression from `SearchExpression`; nil for no search.
    public var match: String?
    public var sort: IdeaSort

    public init(boardId: String? = nil, statusIds: [String]? = nil, match: String? = nil, sort: IdeaSort = .top) {
        self.boardId = boardId
        self.statusIds = statusIds
        self.match = match
        self.sort = sort
    }
}
