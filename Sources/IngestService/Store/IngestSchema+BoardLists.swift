import HubStore

extension IngestSchema {
    /// The SDK's idea lists (most voted, newest, most discussed; visible ideas, pinned first)
    /// had an index per order for a project and another for a board, so every new idea went
    /// into six of them and every vote into two. The three per project are gone: a project's
    /// list reads the next page of each of its boards from the board's index and merges them
    /// (`IngestStore.publicIdeaPage`). A new idea is written to four list indexes instead of
    /// seven, a vote or comment count to one instead of two; a project's page seeks each board's
    /// index instead of one (bench/RESULTS.md, issue 29's sixteenth pass).
    static let boardLists = Migration(
        name: "0028_idea_lists_by_board_only",
        sql: """
            DROP INDEX ideas_visible_project_top;
            DROP INDEX ideas_visible_project_recent;
            DROP INDEX ideas_visible_project_discussed;
            """)
}
