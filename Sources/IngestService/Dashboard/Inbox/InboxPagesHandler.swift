import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging
import HubStore

/// `GET /dashboard`: the organization's chat conversations (one `chat.team.inbox` call for the
/// whole page) and private reports (one store query) in one list, newest activity first, with
/// one cursor that carries where each list goes on (`InboxCursor`). A report's activity is its
/// arrival, the order the reports' index keeps. When chatd does not answer, the reports still
/// show and the page says the chats are missing.
struct InboxPagesHandler {
    static let pageSize = 50
    /// Characters of a preview; the table cuts it further to the width.
    static let previewLength = 140

    let store: IngestStore
    let chat: BackendForwarding

    func inbox(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let query = InboxQuery(parameters: context.request.query)
        let organizationId = context.session.organizationId
        let projects = try store.projects(organizationId: organizationId)
        let names = Dictionary(projects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let selected = query.app.map { app in projects.filter { $0.id == app } } ?? projects
        let members = try store.members(organizationId: organizationId)
        let cursor = query.cursor.flatMap(InboxCursor.init) ?? InboxCursor()
        var view = InboxView(
            query: query, apps: projects.map { InboxChoice(id: $0.id, name: $0.name) },
            members: members.map { InboxChoice(id: $0.id, name: $0.name) },
            labels: try store.inboxLabels(projectIds: projects.map(\.id)), rows: [], now: Date())
        let reports = try reportPage(query, projectIds: selected.map(\.id), after: cursor.report, members: members, names: names)
        let viewer = context.viewer()
        let finish = { (chats: ChatRows?, notice: PageShell.Notice?) in
            let merged = InboxPagesHandler.merge(chats: chats, reports: reports, cursor: cursor)
            view.rows = merged.rows
            view.nextCursor = merged.next?.text
            respond(.success(PageResponse.html(InboxPage.render(view, viewer: viewer, notice: notice))))
        }
        guard InboxPagesHandler.listsChats(query), cursor.chat != .done, !selected.isEmpty else { return finish(nil, nil) }
        var position: String?
        if case .after(let value) = cursor.chat { position = value }
        let call = ChatTeamInbox.Request(
            projectIds: selected.map(\.id), status: query.state.flatMap { ChatConversationSummary.Status(rawValue: $0.rawValue) },
            unread: query.unreadOnly ? true : nil, text: query.text.map { String($0.prefix(ChatTeamInbox.maximumTextLength)) },
            cursor: position, limit: InboxPagesHandler.pageSize)
        chat.client.call(ChatTeamInbox.self, call) { result in
            switch result {
            case .success(let page):
                finish(ChatRows(page: page, names: names), nil)
            case .failure:
                finish(nil, .problem("Chat conversations could not be loaded just now; reports are shown. Reload in a moment."))
            }
        }
    }

    // MARK: The two lists

    /// Chats are listed unless the filters are about reports only (kind, a report status, an assignee or a label).
    static func listsChats(_ query: InboxQuery) -> Bool {
        query.kind != .report && (query.state == nil || query.state == .open || query.state == .resolved) && query.assignee == nil
            && query.label == nil
    }

    static func listsReports(_ query: InboxQuery) -> Bool {
        query.kind != .chat && query.state != .open && query.state != .resolved
    }

    struct ChatRows {
        var rows: [(row: InboxRow, position: String)]
        var hasMore: Bool

        init(page: ChatTeamInbox.Response, names: [String: String]) {
            rows = zip(page.items, page.positions).map { summary, position in
                (InboxPagesHandler.row(summary, names: names), position)
            }
            hasMore = page.nextCursor != nil
        }
    }

    struct ReportRows {
        var rows: [(row: InboxRow, key: InboxCursor.ReportKey)] = []
        var hasMore = false
        /// The reports were not asked for (the filters exclude them, or the list is done).
        var skipped = true
    }

    func reportPage(
        _ query: InboxQuery, projectIds: [String], after position: InboxCursor.Position<InboxCursor.ReportKey>,
        members: [OrganizationMember], names: [String: String]
    ) throws -> ReportRows {
        guard InboxPagesHandler.listsReports(query), position != .done, !projectIds.isEmpty else { return ReportRows() }
        var filter = InboxFilter()
        if let state = query.state { filter.status = state.rawValue }
        if query.unreadOnly { filter.read = false }
        if let label = query.label {
            guard let normalized = AdminFeedbackQuery.label(label) else { return ReportRows(skipped: false) }
            filter.label = normalized
        }
        if let assignee = query.assignee {
            if assignee == "none" {
                filter.assigneeId = ""
            } else {
                guard members.contains(where: { $0.id == assignee }) else { return ReportRows(skipped: false) }
                filter.assigneeId = assignee
            }
        }
        if let text = query.text {
            guard let match = SearchExpression.fts5(String(text.prefix(InputLimits.searchQuery.upperBound))) else {
                return ReportRows(skipped: false)
            }
            filter.match = match
        }
        var after: (createdAt: String, id: String)?
        if case .after(let key) = position { after = (key.createdAt, key.id) }
        let page = try store.inboxPage(projectIds: projectIds, filter: filter, after: after, limit: InboxPagesHandler.pageSize)
        return ReportRows(
            rows: try page.rows.map {
                (
                    try InboxPagesHandler.row(report: $0, names: names),
                    InboxCursor.ReportKey(createdAt: try $0.text("created_at"), id: try $0.text("id"))
                )
            }, hasMore: page.hasMore, skipped: false)
    }

    /// The newest `pageSize` of both lists, and where each goes on: after the last item shown,
    /// where it was when none was shown, done when it has nothing more.
    static func merge(chats: ChatRows?, reports: ReportRows, cursor: InboxCursor) -> (rows: [InboxRow], next: InboxCursor?) {
        let chatRows = chats?.rows ?? []
        var rows: [InboxRow] = []
        var (c, r) = (0, 0)
        while rows.count < pageSize && (c < chatRows.count || r < reports.rows.count) {
            let takeChat =
                r >= reports.rows.count || (c < chatRows.count && chatRows[c].row.lastActivityAt >= reports.rows[r].row.lastActivityAt)
            if takeChat {
                rows.append(chatRows[c].row)
                c += 1
            } else {
                rows.append(reports.rows[r].row)
                r += 1
            }
        }
        var next = InboxCursor()
        if let chats {
            if c == chatRows.count && !chats.hasMore {
                next.chat = .done
            } else {
                next.chat = c > 0 ? .after(chatRows[c - 1].position) : cursor.chat
            }
        } else {
            // Not asked (filters, or done), or chatd did not answer: a later page does not bring it back.
            next.chat = .done
        }
        if reports.skipped || (r == reports.rows.count && !reports.hasMore) {
            next.report = .done
        } else {
            next.report = r > 0 ? .after(reports.rows[r - 1].key) : cursor.report
        }
        return (rows, next.chat == .done && next.report == .done ? nil : next)
    }

    // MARK: Rows

    static func row(_ summary: ChatConversationSummary, names: [String: String]) -> InboxRow {
        InboxRow(
            id: summary.id, kind: .chat, appName: summary.projectId.flatMap { names[$0] } ?? "",
            email: summary.ownerEmail, preview: String((summary.preview ?? "").prefix(previewLength)),
            state: summary.status == .resolved ? .resolved : .open, sentiment: summary.sentiment?.rawValue, unread: summary.unreadByTeam,
            lastActivityAt: summary.lastMessageAt)
    }

    static func row(report row: Row, names: [String: String]) throws -> InboxRow {
        InboxRow(
            id: try row.text("id"), kind: .report, reportType: row.string("type"), appName: names[try row.text("project_id")] ?? "",
            email: row.string("email"), preview: String((row.string("message") ?? "").prefix(previewLength)),
            state: InboxQuery.State(rawValue: try row.text("status")) ?? .todo, priority: row.string("priority"),
            assignee: row.string("assignee_name"), labels: AdminFeedbackJSON.labels(row), unread: row.string("read_at") == nil,
            lastActivityAt: try row.text("created_at"))
    }
}
