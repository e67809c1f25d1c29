/// An idea in a list or a column: its vote button (a form, so it works without script), title,
/// status and counts.
enum RoadmapIdeaRow {
    static func row(_ idea: RoadmapIdea, site: RoadmapSite, back: String) -> HTML {
        let copy = site.copy
        return element("li", .class("public-idea")) {
            voteBox(idea, site: site, back: back)
            element("div", .class("public-idea-text")) {
                element("a", .class("public-idea-title"), .href(site.paths.idea(idea.slug))) { idea.title }
                if !idea.description.isEmpty {
                    element("p", .class("muted small public-clamp")) { idea.description }
                }
                element("div", .class("row small muted")) {
                    status(idea, copy)
                    if idea.pinned { element("span", .class("badge accent")) { copy.pinned } }
                    element("span") { idea.boardName }
                    element("span") { copy.comments(idea.comments) }
                }
            }
        }
    }

    static func status(_ idea: RoadmapIdea, _ copy: RoadmapCopy) -> HTML {
        element("span", .class("badge status")) {
            IdeaBadges.swatch(idea.statusColor ?? "")
            idea.statusLabel ?? copy.noStatus
        }
    }

    /// The count with the vote form: voting sets the visitor's vote to the other state.
    static func voteBox(_ idea: RoadmapIdea, site: RoadmapSite, back: String) -> HTML {
        let copy = site.copy
        return element("div", .class("public-vote")) {
            switch idea.vote {
            case .open:
                PublicShell.form(site: site, action: site.paths.vote(idea.id)) {
                    voidElement("input", .type("hidden"), .name("voted"), .value(idea.hasVoted ? "false" : "true"))
                    voidElement("input", .type("hidden"), .name("back"), .value(back))
                    element(
                        "button", .type("submit"), .class(idea.hasVoted ? "public-vote-button voted" : "public-vote-button"),
                        Attribute("aria-pressed", idea.hasVoted ? "true" : "false"),
                        .title(idea.hasVoted ? copy.removeVote : copy.vote),
                        .label((idea.hasVoted ? copy.removeVote : copy.vote) + ": " + idea.title)
                    ) {
                        element("span", .class("public-vote-arrow"), Attribute("aria-hidden", "true")) { "▲" }
                        element("span", .class("public-vote-count")) { String(idea.votes) }
                    }
                }
            case .signIn, .hidden:
                element("div", .class("public-vote-static"), .title(idea.vote == .signIn ? copy.openInApp : copy.votes(idea.votes))) {
                    element("span", .class("public-vote-arrow"), Attribute("aria-hidden", "true")) { "▲" }
                    element("span", .class("public-vote-count")) { String(idea.votes) }
                }
            }
            element("span", .class("visually-hidden")) { copy.votes(idea.votes) }
        }
    }
}
