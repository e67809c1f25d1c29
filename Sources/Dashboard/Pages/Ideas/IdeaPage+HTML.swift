/// The idea page: what the public reads and how they answered it on the left; status, pin,
/// visibility, the public text's editor, facts and merging on the right.
extension IdeaPage {
    /// docs/limits.md, "Input limits".
    static let titleLimit = 4...140
    static let descriptionLimit = 4_000
    static let commentLimit = 2...2_000

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        IdeasNav.page(title: title, tab: .ideas, apps: [app], app: app, pending: pending, viewer: viewer, notice: notice) { app in
            element("div", .class("row small crumbs")) {
                element("a", .href(IdeasNav.href(.ideas, app))) { "← All ideas" }
                element("span", .class("muted")) { boardName }
                IdeaBadges.status(status)
                if pinned { IdeaBadges.pinned }
                IdeaBadges.moderation(moderation)
            }
            if let mergedInto {
                element("div", .class("flash info"), Attribute("role", "status")) {
                    "Merged into "
                    element("a", .href(mergedInto.path)) { mergedInto.title }
                    ". Its votes and comments moved there, and it no longer appears in any list."
                }
            } else if moderation == .pending {
                reviewPanel(viewer)
            }
            element("div", .class("grid2")) {
                element("div", .class("stack")) {
                    descriptionPanel
                    commentsPanel(viewer)
                }
                element("aside", .class("stack"), .label("Manage the idea")) {
                    if mergedInto == nil { statePanel(viewer) }
                    factsPanel
                    if mergedInto == nil {
                        editPanel(viewer)
                        mergePanel(viewer)
                    }
                    if !reports.isEmpty { reportsPanel }
                }
            }
        }
    }

    func reviewPanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel review")) {
            element("p") {
                element("strong") { "Waiting for review." }
                " The public does not see this idea until it is approved."
            }
            element("div", .class("row")) {
                PostForm.make(action: path + "/approve", token: viewer.formToken) {
                    element("button", .type("submit"), .class("primary")) { "Approve" }
                }
                PostForm.make(action: path + "/reject", token: viewer.formToken) {
                    element("button", .type("submit"), .class("danger")) { "Reject" }
                }
            }
        }
    }

    var descriptionPanel: HTML {
        element("section", .class("panel")) {
            if description.isEmpty {
                element("p", .class("muted")) { "No description." }
            } else {
                element("div", .class("message")) { description }
            }
            element("p", .class("small muted")) {
                "Posted by " + (authorName ?? "an anonymous user")
                if let authorEmail { " (" + authorEmail + ", private)" }
                " · "
                FeedbackPageParts.when(createdAt)
                if isPublic {
                    " · "
                    element("a", .href(publicURL)) { "View on the public roadmap" }
                }
            }
        }
    }

    func commentsPanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .id("comments")) {
            element("h2") { comments.isEmpty ? "Comments" : "Comments (" + FeedbackPageParts.grouped(comments.count) + ")" }
            element("div", .class("thread"), .id("idea-comments"), Attribute("data-live", "")) {
                if comments.isEmpty {
                    element("p", .class("muted small")) { "No comments yet." }
                }
                for comment in comments { IdeaPage.comment(comment, viewer) }
            }
            if mergedInto == nil { officialCommentForm(viewer) }
        }
    }

    static func comment(_ comment: Comment, _ viewer: PageShell.Viewer) -> HTML {
        element("div", .class(comment.official ? "msg team" : "msg user")) {
            element("span", .class("meta")) {
                element("strong") { comment.authorName ?? "Anonymous" }
                if comment.official {
                    " "
                    element("span", .class("badge accent")) { "Official" }
                }
                if let email = comment.authorEmail { " · " + email }
                " · "
                FeedbackPageParts.when(comment.createdAt)
                if comment.moderation == .pending || comment.moderation == .rejected {
                    " "
                    IdeaBadges.moderation(comment.moderation)
                }
            }
            comment.body
            element("div", .class("row actions")) {
                let base = "/dashboard/comments/" + comment.id
                switch comment.moderation {
                case .pending:
                    PostForm.make(action: base + "/approve", token: viewer.formToken) {
                        element("button", .type("submit"), .class("primary")) { "Approve" }
                    }
                    PostForm.make(action: base + "/reject", token: viewer.formToken) {
                        element("button", .type("submit"), .class("danger")) { "Reject" }
                    }
                case .rejected:
                    PostForm.make(action: base + "/approve", token: viewer.formToken) {
                        element("button", .type("submit"), .class("link")) { "Show again" }
                    }
                case .approved, nil:
                    PostForm.make(action: base + "/reject", token: viewer.formToken, confirm: "Hide this comment from the public?") {
                        element("button", .type("submit"), .class("link")) { "Hide" }
                    }
                }
            }
        }
    }

    func officialCommentForm(_ viewer: PageShell.Viewer) -> HTML {
        PostForm.make(action: path + "/comments", token: viewer.formToken, .class("composer")) {
            element("div", .class("field")) {
                element("label", Attribute("for", "official-comment")) { "Official comment" }
                element(
                    "textarea", .id("official-comment"), .name("body"), .required,
                    Attribute("minlength", String(IdeaPage.commentLimit.lowerBound)),
                    Attribute("maxlength", String(IdeaPage.commentLimit.upperBound)), Attribute("aria-describedby", "official-comment-hint")
                ) { drafts["body"] ?? "" }
                FeedbackPageParts.hint(
                    "official-comment-hint",
                    "Public at once, marked as the team's. \(IdeaPage.commentLimit.lowerBound)–"
                        + FeedbackPageParts.grouped(IdeaPage.commentLimit.upperBound) + " characters.")
            }
            element("button", .type("submit"), .class("primary")) { "Post official comment" }
        }
    }
}
