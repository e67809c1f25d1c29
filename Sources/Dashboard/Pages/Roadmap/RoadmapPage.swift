/// `GET /roadmap/<APP_ID>`: the app's boards, the roadmap by status (final statuses last),
/// and the ideas searched, sorted and paged, with voting and a form to suggest one where the
/// boards' policies let this visitor.
public struct RoadmapPage: Sendable {
    public enum Sort: String, CaseIterable, Sendable { case top, recent, discussed }

    public let site: RoadmapSite
    public let boards: [RoadmapBoard]
    /// The board shown, nil for all.
    public let board: String?
    public let status: String?
    public let search: String
    public let sort: Sort
    public let columns: [RoadmapColumn]
    public let ideas: [RoadmapIdea]
    /// The next page's cursor; `paged` when this is not the first page.
    public let nextCursor: String?
    public let paged: Bool
    public let notice: RoadmapNotice?

    public init(
        site: RoadmapSite, boards: [RoadmapBoard], board: String?, status: String?, search: String, sort: Sort, columns: [RoadmapColumn],
        ideas: [RoadmapIdea], nextCursor: String?, paged: Bool, notice: RoadmapNotice?
    ) {
        self.site = site
        self.boards = boards
        self.board = board
        self.status = status
        self.search = search
        self.sort = sort
        self.columns = columns
        self.ideas = ideas
        self.nextCursor = nextCursor
        self.paged = paged
        self.notice = notice
    }

    /// This page's address with some of its query changed.
    func link(board: String?? = nil, status: String?? = nil, sort: Sort? = nil, cursor: String? = nil) -> String {
        let chosenSort = sort ?? self.sort
        return site.paths.roadmap
            + RoadmapPaths.query([
                ("board", board ?? self.board), ("status", status ?? self.status), ("q", search),
                ("sort", chosenSort == .top ? nil : chosenSort.rawValue), ("cursor", cursor),
            ])
    }
}
