/// The moderation queue: each pending item with its full text and who wrote it, and approve
/// or reject beside it, so the queue is worked through top to bottom without leaving it.
extension ModerationPage {
    /// `IngestStore.moderationQueue` answers at most 100 ideas and 100 comments at a time.
    static let batch = 100

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        IdeasNav.page(
            title: "Moderation", tab: .moderation, apps: apps, app: app, pending: ideas.count + comments.count, viewer: viewer,
            notice: notice
        ) { app in
            if ideas.isEmpty && comments.isEmpty {
                element("div", .class("panel empty")) {
                    element("p") { "Nothing waits for review." }
                    element("p", .class("small")) {
                        "New ideas and comments on boards that moderate them appear here before the public sees them. "
                        element("a", .href(IdeasNav.href(.boards, app))) { "Board settings" }
                    }
                }
            } else {
                element("div", .id("moderation-queue"), Attribute("data-live", "")) {
                    ideasSection(viewer)
                    commentsSection(viewer)
                }
            }
        }
    }

    /// A full batch may hide more behind it; deciding on these brings the next ones.
    static func batchNote(_ count: Int, _ noun: String) -> HTML {
        guard count >= batch else { return .empty }
        return element("p", .class("small muted")) {
            "Showing the oldest \(batch) " + noun + ". Approve or reject them to see the rest."
        }
    }

    func ideasSection(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("stack"), .id("pending-ideas")) {
            element("h2") { ideas.isEmpty ? "Ideas" : "Ideas (" + FeedbackPageParts.grouped(ideas.count) + ")" }
            if ideas.isEmpty {
                element("p", .class("muted small")) { "No idea waits for review." }
            }
            ModerationPage.batchNote(ideas.count, "ideas")
            for idea in ideas {
                element("article", .class("panel pending")) {
                    element("h3") { element("a", .href("/dashboard/ideas/" + idea.id)) { idea.title } }
                    if !idea.description.isEmpty { element("div", .class("message")) { idea.description } }
                    element("p", .class("small muted")) {
                        idea.boardName + " · " + ModerationPage.author(idea.authorName, idea.authorEmail) + " · "
                        FeedbackPageParts.when(idea.createdAt)
                    }
                    ModerationPage.decision("/dashboard/ideas/" + idea.id, viewer, what: "idea")
                }
            }
        }
    }

    func commentsSection(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("stack"), .id("pending-comments")) {
            element("h2") { comments.isEmpty ? "Comments" : "Comments (" + FeedbackPageParts.grouped(comments.count) + ")" }
            if comments.isEmpty {
                element("p", .class("muted small")) { "No comment waits for review." }
            }
            ModerationPage.batchNote(comments.count, "comments")
            for comment in comments {
                element("article", .class("panel pending")) {
                    element("p", .class("small muted")) {
                        "On "
                        element("a", .href("/dashboard/ideas/" + comment.ideaId)) { comment.ideaTitle }
                    }
                    element("div", .class("message")) { comment.body }
                    element("p", .class("small muted")) {
                        ModerationPage.author(comment.authorName, comment.authorEmail) + " · "
                        FeedbackPageParts.when(comment.createdAt)
                    }
                    ModerationPage.decision("/dashboard/comments/" + comment.id, viewer, what: "comment")
                }
            }
        }
    }

    static func author(_ name: String?, _ email: String?) -> String {
        switch (name, email) {
        case (let name?, let email?): return name + " (" + email + ")"
        case (let name?, nil): return name
        case (nil, let email?): return email
        case (nil, nil): return "Anonymous"
        }
    }

    static func decision(_ base: String, _ viewer: PageShell.Viewer, what: String) -> HTML {
        element("div", .class("row")) {
            PostForm.make(action: base + "/approve", token: viewer.formToken) {
                element("button", .type("submit"), .class("primary"), .label("Approve this " + what)) { "Approve" }
            }
            PostForm.make(action: base + "/reject", token: viewer.formToken) {
                element("button", .type("submit"), .class("danger"), .label("Reject this " + what)) { "Reject" }
            }
        }
    }
}
