import Dashboard
import Foundation
import HubStore

/// The report page's view model from the store: the report with its replies and timeline
/// (`inboxReport`, `inboxReplies`, `inboxEvents`), the organization's members for names and
/// the assignee, the app's boards and ideas for promotion.
extension ReportPagesHandler {
    /// Ideas offered for linking: the most voted of the newest this many.
    static let linkableIdeas = 100

    func view(_ id: String, _ context: PageContext, labels typed: [String]? = nil) throws -> ReportPage {
        let organizationId = context.session.organizationId
        guard let row = try store.inboxReport(id: id, organizationId: organizationId) else { throw PageError.notFound }
        let projectId = try row.text("project_id")
        let project = try store.project(id: projectId, organizationId: organizationId)
        let members = try store.members(organizationId: organizationId)
        let names = Dictionary(members.map { ($0.id, $0.name.isEmpty ? $0.email : $0.name) }, uniquingKeysWith: { a, _ in a })
        let replies = try store.inboxReplies(feedbackId: id)
        let deliveries = self.deliveries?.states(report: row, replies: replies) ?? [:]
        let events = try store.inboxEvents(feedbackId: id)
        let tokens = try store.tokenNames(
            organizationId: organizationId,
            ids: Set(events.compactMap { $0.string("actor") }.filter { $0.hasPrefix("token:") }.map { String($0.dropFirst(6)) }))
        let boards = try store.boards(projectId: projectId)
        let boardNames = Dictionary(boards.map { ($0.slug, $0.name) }, uniquingKeysWith: { a, _ in a })
        let choice = { (idea: AdminIdea) in
            IdeaChoice(id: idea.id, title: idea.title, boardName: boardNames[idea.boardSlug] ?? idea.boardSlug, votes: idea.voteCount)
        }
        let ideaTitles = { (ideaId: String) in try? store.adminIdea(id: ideaId, organizationId: organizationId)?.title }
        let promoted = try row.string("promoted_idea_id").flatMap { try store.adminIdea(id: $0, organizationId: organizationId) }
        let linkable =
            promoted == nil
            ? try store.adminIdeas(projectId: projectId, filter: AdminIdeaFilter(), after: nil, limit: ReportPagesHandler.linkableIdeas)
                .items.sorted { $0.voteCount > $1.voteCount }.map(choice) : []
        let assignee = row.string("assignee_id").map {
            ReportPage.Member(id: $0, name: row.string("assignee_name") ?? "", email: row.string("assignee_email") ?? "")
        }
        let diagnostics = ReportPagesHandler.parsed(row.string("diagnostics")) as? [Any] ?? []
        let actorName = { (actor: String?) -> String? in
            guard let actor else { return nil }
            if actor.hasPrefix("member:") { return names[String(actor.dropFirst(7))] ?? "A former member" }
            // The user's own rows name their participant key: an email, or a voter token's hash
            // that is no API token's ID.
            if actor.hasPrefix("token:") { return tokens[String(actor.dropFirst(6))].map { "API token “" + $0 + "”" } ?? "the user" }
            if actor.hasPrefix("email:") { return String(actor.dropFirst(6)) }
            return nil
        }
        var page = ReportPage(
            id: id, appName: project?.name ?? "", kind: ReportPage.Kind(rawValue: row.string("type") ?? "") ?? .problem,
            message: row.string("message") ?? "", status: ReportPage.Status(rawValue: row.string("status") ?? "") ?? .todo,
            priority: ReportPage.Priority(rawValue: row.string("priority") ?? "") ?? .none, isRead: row.string("read_at") != nil,
            assignee: assignee, labels: typed ?? AdminFeedbackJSON.labels(row), contactEmail: row.string("email"),
            verifiedEmail: row.string("author_email"), pageURL: row.string("page_url") ?? "", pageTitle: row.string("page_title"),
            locale: row.string("locale"),
            viewport: row.int("viewport_width").flatMap { width in row.int("viewport_height").map { (width, $0) } }.flatMap {
                $0.0 > 0 ? $0 : nil
            },
            userAgent: row.string("user_agent"), deviceContext: ReportPagesHandler.contextLines(row.string("device_context")),
            diagnostics: diagnostics.isEmpty ? nil : ReportPagesHandler.pretty(diagnostics), diagnosticsCount: diagnostics.count,
            screenshot: row.string("screenshot_key") == nil
                ? nil
                : ReportPage.Screenshot(
                    type: row.string("screenshot_type"), width: row.int("screenshot_width"), height: row.int("screenshot_height"),
                    bytes: row.int("screenshot_bytes")),
            correlationId: row.string("correlation_id") ?? "", createdAt: row.string("created_at") ?? "",
            updatedAt: row.string("updated_at") ?? "",
            replies: replies.map { reply in
                var shown = ReportPage.Reply(
                    id: reply.string("id") ?? "", message: reply.string("message") ?? "", isInternal: reply.bool("internal") ?? true,
                    author: reply.string("author_member_name") ?? reply.string("author_token_name").map { "API token “" + $0 + "”" }
                        ?? AdminFeedbackJSON.externalAuthor(reply),
                    createdAt: reply.string("created_at") ?? "")
                shown.delivery = deliveries[shown.id].flatMap {
                    ReportPage.Delivery(state: $0.state, attempts: $0.attempts, lastError: $0.lastError)
                }
                return shown
            },
            timeline: events.map { event in
                // An outside author's reply names them as its row was written ("Ana (Telegram)").
                ReportEvent(
                    change: ReportPagesHandler.change(event, names: names, ideaTitle: ideaTitles),
                    actor: (ReportPagesHandler.parsed(event.string("detail")) as? [String: Any])?["authorName"] as? String
                        ?? actorName(event.string("actor")),
                    createdAt: event.string("created_at") ?? "")
            },
            idea: promoted.map(choice),
            members: members.map { ReportPage.Member(id: $0.id, name: $0.name, email: $0.email) },
            boards: boards.map { ReportPage.BoardChoice(slug: $0.slug, name: $0.name) }, linkableIdeas: linkable,
            replyKey: UUID().uuidString)
        page.screenshotRemovedAt = row.string("screenshot_removed_at")
        return page
    }

    /// A timeline row in the page's words, member IDs turned into names.
    static func change(_ event: Row, names: [String: String], ideaTitle: (String) -> String?) -> ReportEvent.Change {
        let detail = parsed(event.string("detail")) as? [String: Any] ?? [:]
        let kind = event.string("kind") ?? ""
        let text = { (key: String) in detail[key] as? String }
        switch kind {
        case "created": return .created
        case "read": return .read
        case "unread": return .unread
        case "status":
            return .status(
                from: text("from").flatMap(ReportPage.Status.init(rawValue:)), to: text("to").flatMap(ReportPage.Status.init(rawValue:)))
        case "priority":
            return .priority(
                from: text("from").flatMap(ReportPage.Priority.init(rawValue:)), to: text("to").flatMap(ReportPage.Priority.init(rawValue:))
            )
        case "assignee":
            let name = { (id: String?) in id.map { names[$0] ?? "a former member" } }
            return .assignee(from: name(text("from")), to: name(text("to")))
        case "labels": return .labels(added: detail["added"] as? [String] ?? [], removed: detail["removed"] as? [String] ?? [])
        case "reply": return .reply
        case "note": return .note(convertedFromReply: detail["convertedFromReply"] as? Bool ?? false)
        case "promoted", "linked":
            let id = text("ideaId") ?? ""
            return kind == "promoted" ? .promoted(ideaId: id, title: ideaTitle(id)) : .linked(ideaId: id, title: ideaTitle(id))
        default: return .other(kind)
        }
    }

    /// The stored device context (a JSON object of flattened strings) as `name: value` lines.
    static func contextLines(_ json: String?) -> String? {
        guard let object = parsed(json) as? [String: Any], !object.isEmpty else { return nil }
        return object.keys.sorted().map { key in key + ": " + String(describing: object[key]!) }.joined(separator: "\n")
    }

    static func pretty(_ value: Any) -> String {
        guard
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    static func parsed(_ text: String?) -> Any? { AdminFeedbackJSON.parsed(text) }
}
