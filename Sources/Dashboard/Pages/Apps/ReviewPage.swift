/// `GET /dashboard/apps/{id}/reviews/{reviewId}`: one review with its developer response. Owners
/// and admins write, replace or delete the response (published through Apple, so the posts
/// answer with a task's page), mark it done or reopen it (marking done sends nothing to Apple)
/// and promote it to an idea after editing its title and description and choosing the board.
/// They may also ask the hub's AI provider for a reply draft, which lands in the response box,
/// labelled, for a person to check and edit before publishing.
public struct ReviewPage: Sendable {
    /// Whether a reply draft can be asked for on this hub.
    public enum Drafting: Sendable, Equatable {
        /// The operator has not configured a provider: the button is disabled with the reason.
        case off
        case available
    }

    public struct Board: Sendable, Equatable {
        public var slug: String
        public var name: String
        public init(slug: String, name: String) {
            self.slug = slug
            self.name = name
        }
    }

    public var projectId: String
    public var appName: String
    public var review: ReviewsPage.Review
    public var responseBody: String?
    public var responseUpdatedAt: String?
    public var boards: [Board]
    public var canManage: Bool
    /// The response form's text after a refusal, else the current response.
    public var draft: String?
    public var problems: FormProblems
    public var drafting: Drafting
    /// `draft` came from the AI provider: the box says so.
    public var draftFromAI = false
    /// After a draft: what is left of the month's allowance, in words (nil: no limit).
    public var draftsLeft: String?

    public init(
        projectId: String, appName: String, review: ReviewsPage.Review, responseBody: String?, responseUpdatedAt: String?,
        boards: [Board], canManage: Bool, draft: String? = nil, problems: FormProblems = .none, drafting: Drafting = .off
    ) {
        self.projectId = projectId
        self.appName = appName
        self.review = review
        self.responseBody = responseBody
        self.responseUpdatedAt = responseUpdatedAt
        self.boards = boards
        self.canManage = canManage
        self.draft = draft
        self.problems = problems
        self.drafting = drafting
    }

    var path: String { "/dashboard/apps/" + projectId + "/reviews/" + review.id }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        let title = review.title ?? "Review"
        return PageShell.page(title: title + " · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("nav", .class("small"), .label("Breadcrumb")) {
                element("a", .href("/dashboard/apps/" + projectId + "/reviews")) { "← Reviews of " + appName }
            }
            element("div", .class("topline")) {
                element("h1") { title }
                element("div", .class("row")) {
                    ReviewText.response(review.responseState, hasResponse: review.hasResponse)
                    ReviewText.status(review.status)
                }
            }
            element("div", .class("grid2")) {
                element("div", .class("stack")) {
                    element("section", .class("panel"), .id("review")) {
                        element("div", .class("row")) { ReviewText.stars(review.rating) }
                        if let body = review.body { element("p", .class("review-body")) { body } }
                        element("p", .class("small muted")) {
                            (review.reviewer ?? "Someone") + " · " + (review.territory ?? "unknown territory") + " · "
                            TimeText.html(review.createdAt)
                        }
                    }
                    responsePanel(token: viewer.formToken)
                }
                element("div", .class("stack")) {
                    statusPanel(token: viewer.formToken)
                    ideaPanel(token: viewer.formToken)
                }
            }
        }
    }

    func responsePanel(token: String) -> HTML {
        element("section", .class("panel"), .id("response"), Attribute("aria-labelledby", "response-title")) {
            element("h2", .id("response-title")) { "Developer response" }
            if let responseBody {
                element("blockquote", .class("review-body")) { responseBody }
                element("p", .class("small muted")) {
                    "Apple's state: " + (review.responseState ?? "unknown")
                    if let responseUpdatedAt {
                        " · "
                        TimeText.html(responseUpdatedAt)
                    }
                    ". A response may wait for Apple before it shows on the App Store."
                }
            } else {
                element("p", .class("small muted")) { "No response yet." }
            }
            if canManage {
                draftForm(token: token)
                if draftFromAI {
                    element("p", .class("flash info"), .id("ai-draft-note"), Attribute("role", "note")) {
                        element("strong") { "AI draft — check every claim before publishing." }
                        " Nothing was sent to Apple. Edit it below, or write your own."
                        if let draftsLeft { " " + draftsLeft }
                    }
                }
                PostForm.make(action: path + "/response", token: token, .class("stack")) {
                    LabeledField(
                        id: "response-body",
                        label: draftFromAI
                            ? "AI draft — check every claim before publishing"
                            : responseBody == nil ? "Write a response" : "Replace the response",
                        hint: "Up to 5,970 characters. Publishing sends it to Apple; check every claim about fixes and dates first.",
                        problems: problems["body"]
                    ).textarea(
                        "body", value: draft ?? responseBody ?? "", rows: draftFromAI ? 9 : 6, .required, Attribute("maxlength", "5970"))
                    element("button", .type("submit"), .class("primary")) { responseBody == nil ? "Publish response" : "Replace response" }
                }
                if responseBody != nil {
                    PostForm.make(action: path + "/response/delete", token: token, .class("inline")) {
                        element("button", .type("submit"), .class("danger")) { "Delete response" }
                    }
                }
            }
        }
    }

    func statusPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("status")) {
            element("h2") { "Status" }
            element("p", .class("small muted")) {
                "Open or done is the team's own mark; it sends nothing to Apple, and Apple's response state is shown apart."
            }
            if canManage {
                PostForm.make(action: path + "/status", token: token, .class("inline")) {
                    voidElement("input", .type("hidden"), .name("status"), .value(review.status == "done" ? "open" : "done"))
                    element("button", .type("submit")) { review.status == "done" ? "Reopen" : "Mark done" }
                }
            }
        }
    }

    func ideaPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("idea"), Attribute("aria-labelledby", "idea-title")) {
            element("h2", .id("idea-title")) { "Roadmap" }
            if let ideaId = review.ideaId {
                element("p") {
                    "Promoted to "
                    element("a", .href("/dashboard/ideas/" + ideaId)) { "an idea" }
                    "."
                }
            } else if canManage {
                PostForm.make(action: path + "/promote", token: token, .class("stack")) {
                    LabeledField(id: "idea-board", label: "Board", problems: problems["board"]).select(
                        "board", options: boards.map { ($0.slug, $0.name) }, selected: boards.first?.slug)
                    LabeledField(
                        id: "idea-title-field", label: "Public title", hint: "Shown on the board; edit it before promoting.",
                        problems: problems["title"]
                    ).input(
                        "title", type: "text", value: String((review.title ?? "").prefix(140)), .required, Attribute("maxlength", "140"))
                    LabeledField(id: "idea-description", label: "Public description", problems: problems["description"]).textarea(
                        "description", value: review.body ?? "", rows: 4, Attribute("maxlength", "4000"))
                    element("button", .type("submit")) { "Promote to an idea" }
                }
            } else {
                element("p", .class("small muted")) { "Not promoted to an idea." }
            }
        }
    }

    /// "Draft reply": its own form, since forms do not nest; disabled with the reason when the
    /// hub has no provider.
    func draftForm(token: String) -> HTML {
        PostForm.make(action: path + "/draft", token: token, .class("inline draft-reply")) {
            switch drafting {
            case .available:
                element("button", .type("submit"), Attribute("aria-describedby", "draft-hint")) { "Draft reply" }
                element("span", .class("small muted"), .id("draft-hint")) {
                    "Writes a suggestion into the box below from the app's name and the review's text; nothing is published."
                }
            case .off:
                element("button", .type("submit"), .disabled, Attribute("aria-describedby", "draft-hint")) { "Draft reply" }
                element("span", .class("small muted"), .id("draft-hint")) {
                    "Reply drafts are off on this hub: ask the operator to set APPNORTH_AI_URL."
                }
            }
        }
    }
}
