/// The ideas list: filters on one line, then a table a support person scans for demand
/// (votes first among the numbers), status and what waits for review.
extension IdeasListPage {
    /// docs/limits.md, "Input limits": community search up to 120 characters.
    static let queryLimit = 120

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        IdeasNav.page(title: "Ideas", tab: .ideas, apps: apps, app: app, pending: pending, viewer: viewer, notice: notice) { app in
            if pending > 0 {
                element("p", .class("flash info")) {
                    element("a", .href(IdeasNav.href(.moderation, app))) {
                        pending == 1 ? "1 item waits for review" : FeedbackPageParts.grouped(pending) + " items wait for review"
                    }
                }
            }
            filters(app)
            if ideas.isEmpty {
                emptyState(app, viewer)
            } else {
                table
                if let nextCursor {
                    element("div", .class("pager")) {
                        element("a", .class("button"), .href(href(app, cursor: nextCursor))) { "Older ideas →" }
                    }
                }
            }
        }
    }

    func href(_ app: CommunityApp, cursor: String? = nil) -> String {
        FeedbackPageParts.href(
            IdeasNav.Tab.ideas.path, [("app", app.id), ("board", board), ("status", status), ("q", query), ("cursor", cursor)])
    }

    func filters(_ app: CommunityApp) -> HTML {
        element("form", Attribute("method", "get"), Attribute("action", IdeasNav.Tab.ideas.path), .class("filters"), .label("Filter ideas"))
        {
            voidElement("input", .type("hidden"), .name("app"), .value(app.id))
            element("div") {
                element("label", Attribute("for", "ideas-board")) { "Board" }
                element("select", .id("ideas-board"), .name("board")) {
                    element("option", .value("")) { "All boards" }
                    for choice in boards {
                        element("option", choice.slug == board ? [.value(choice.slug), .selected] : [.value(choice.slug)]) { choice.name }
                    }
                }
            }
            element("div") {
                element("label", Attribute("for", "ideas-status")) { "Status" }
                element("select", .id("ideas-status"), .name("status")) {
                    element("option", .value("")) { "Any status" }
                    for choice in statusChoices {
                        element("option", choice.slug == status ? [.value(choice.slug), .selected] : [.value(choice.slug)]) { choice.label }
                    }
                }
            }
            element("div", .class("grow")) {
                element("label", Attribute("for", "ideas-q")) { "Search" }
                voidElement(
                    "input", .type("search"), .id("ideas-q"), .name("q"), .value(query ?? ""),
                    Attribute("maxlength", String(IdeasListPage.queryLimit)), Attribute("placeholder", "Title or description"))
            }
            element("button", .type("submit"), .class("primary")) { "Filter" }
            if isFiltered {
                element("a", .href(IdeasNav.href(.ideas, app))) { "Clear" }
            }
        }
    }

    /// The statuses of the chosen board, or of every board once each (boards often share
    /// slugs such as `open` and `done`).
    var statusChoices: [IdeaStatus] {
        let source = boards.first { $0.slug == board }.map { [$0] } ?? boards
        var seen = Set<String>()
        return source.flatMap(\.statuses).filter { seen.insert($0.slug).inserted }
    }

    var table: HTML {
        element("table", .class("list ideas")) {
            element("thead") {
                element("tr") {
                    element("th", Attribute("scope", "col")) { "Idea" }
                    element("th", Attribute("scope", "col")) { "Status" }
                    element("th", Attribute("scope", "col"), .class("num")) { "Votes" }
                    element("th", Attribute("scope", "col"), .class("num wide")) { "Comments" }
                    element("th", Attribute("scope", "col"), .class("wide")) { "Last activity" }
                }
            }
            element("tbody") {
                for idea in ideas {
                    element("tr") {
                        element("td") {
                            element("a", .class("subject"), .href("/dashboard/ideas/" + idea.id)) { idea.title }
                            element("div", .class("row small")) {
                                element("span", .class("muted")) { idea.boardName }
                                if idea.pinned { IdeaBadges.pinned }
                                IdeaBadges.moderation(idea.moderation)
                            }
                        }
                        element("td") { IdeaBadges.status(idea.status) }
                        element("td", .class("num")) { FeedbackPageParts.grouped(idea.votes) }
                        element("td", .class("num wide")) { FeedbackPageParts.grouped(idea.comments) }
                        element("td", .class("wide small muted")) { FeedbackPageParts.when(idea.lastActivityAt) }
                    }
                }
            }
        }
    }

    func emptyState(_ app: CommunityApp, _ viewer: PageShell.Viewer) -> HTML {
        element("div", .class("panel empty")) {
            if isFiltered {
                element("p") { "No idea matches these filters." }
                element("a", .class("button"), .href(IdeasNav.href(.ideas, app))) { "Show every idea" }
            } else if boards.isEmpty {
                element("p") { app.name + " has no board yet, so nobody can post ideas." }
                if viewer.managesBoards {
                    element("a", .class("button primary"), .href(IdeasNav.href(.boards, app))) { "Create a board" }
                } else {
                    element("p", .class("small")) { "An owner or admin can create one." }
                }
            } else {
                element("p") { "No ideas yet. Ideas users post from the app and the hosted roadmap appear here." }
                element("a", .href("/roadmap/" + FeedbackPageParts.encode(app.appId))) { "Open the public roadmap" }
            }
        }
    }
}
