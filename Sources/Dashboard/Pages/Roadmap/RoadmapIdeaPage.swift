/// `GET /roadmap/<APP_ID>/ideas/<handle>`: one approved idea with its approved comments and
/// the team's official replies, its vote, and the comment form where the board lets this
/// visitor.
public struct RoadmapIdeaPage: Sendable {
    public let site: RoadmapSite
    public let idea: RoadmapIdea
    public let createdAt: String
    public let authorName: String?
    public let comments: [RoadmapComment]
    public let comment: RoadmapControl
    /// The next page of comments, if there are more.
    public let nextCursor: String?
    public let notice: RoadmapNotice?

    public init(
        site: RoadmapSite, idea: RoadmapIdea, createdAt: String, authorName: String?, comments: [RoadmapComment], comment: RoadmapControl,
        nextCursor: String?, notice: RoadmapNotice?
    ) {
        self.site = site
        self.idea = idea
        self.createdAt = createdAt
        self.authorName = authorName
        self.comments = comments
        self.comment = comment
        self.nextCursor = nextCursor
        self.notice = notice
    }

    public var html: HTML {
        let copy = site.copy
        let here = site.paths.idea(idea.slug)
        return PublicShell.page(site: site, title: idea.title, section: .roadmap, path: here, notice: notice.map { .ok($0.text(copy)) }) {
            element("p", .class("small")) { element("a", .href(site.paths.roadmap)) { "← " + copy.backToRoadmap } }
            element("article", .class("panel public-detail")) {
                element("div", .class("public-idea")) {
                    RoadmapIdeaRow.voteBox(idea, site: site, back: here)
                    element("div", .class("public-idea-text")) {
                        element("h1") { idea.title }
                        element("div", .class("row small muted")) {
                            RoadmapIdeaRow.status(idea, copy)
                            if idea.pinned { element("span", .class("badge accent")) { copy.pinned } }
                            element("span") { idea.boardName }
                            element("span") { (authorName ?? copy.anonymous) + " · " }
                            RoadmapTime.date(createdAt, site.language)
                        }
                        if !idea.description.isEmpty { element("p", .class("message")) { idea.description } }
                        if idea.vote == .signIn { element("p", .class("muted small")) { copy.openInApp } }
                    }
                }
            }
            element("section", .class("panel"), .id("comments")) {
                element("h2") { copy.commentsTitle + " (" + String(idea.comments) + ")" }
                if comments.isEmpty {
                    element("p", .class("muted")) { copy.noComments }
                } else {
                    element("ol", .class("public-comments")) {
                        for item in comments {
                            element("li", .class(item.official ? "msg team public-comment" : "msg public-comment")) {
                                element("div", .class("meta small row")) {
                                    element("strong") { item.authorName ?? copy.anonymous }
                                    if item.official { element("span", .class("badge accent")) { copy.official } }
                                    RoadmapTime.date(item.createdAt, site.language)
                                }
                                element("p", .class("message")) { item.body }
                            }
                        }
                    }
                }
                if let nextCursor {
                    element("nav", .class("pager")) {
                        element("a", .class("button"), .href(here + RoadmapPaths.query([("cursor", nextCursor)]) + "#comments")) {
                            copy.nextPage
                        }
                    }
                }
                switch comment {
                case .open:
                    PublicShell.form(site: site, action: site.paths.comments(idea.id), .class("stack public-comment-form")) {
                        element("label", .class("field")) {
                            element("span") { copy.commentLabel }
                            element(
                                "textarea", .name("body"), .required, Attribute("rows", "3"), Attribute("minlength", "2"),
                                Attribute("maxlength", "2000"))
                            element("span", .class("hint")) { copy.commentHint }
                        }
                        if site.signedInEmail == nil {
                            element("label", .class("field")) {
                                element("span") { copy.nameLabel }
                                voidElement(
                                    "input", .type("text"), .name("authorName"), Attribute("maxlength", "80"),
                                    Attribute("autocomplete", "nickname"))
                            }
                        }
                        element("button", .type("submit"), .class("primary")) { copy.sendComment }
                    }
                case .signIn:
                    element("p", .class("muted")) { copy.openInApp }
                case .hidden:
                    HTML.empty
                }
            }
        }
    }
}
