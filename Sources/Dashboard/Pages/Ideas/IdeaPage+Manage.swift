/// The side of the idea page: status, pin and visibility in one click each, the facts, the
/// public text's editor, merging and the reports the idea came from.
extension IdeaPage {
    func statePanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel")) {
            element("h2") { "Status" }
            if statuses.isEmpty {
                element("p", .class("small muted")) { "The board has no statuses." }
            } else {
                PostForm.make(action: path, token: viewer.formToken, .class("row")) {
                    element("label", Attribute("for", "idea-status"), .class("visually-hidden")) { "Status" }
                    element("select", .id("idea-status"), .name("status")) {
                        for choice in statuses {
                            element("option", choice == status ? [.value(choice.slug), .selected] : [.value(choice.slug)]) { choice.label }
                        }
                    }
                    element("button", .type("submit"), .class("primary")) { "Set status" }
                }
            }
            element("div", .class("row")) {
                PostForm.make(action: path, token: viewer.formToken) {
                    voidElement("input", .type("hidden"), .name("pinned"), .value(pinned ? "0" : "1"))
                    element("button", .type("submit")) { pinned ? "Unpin" : "Pin to the top" }
                }
                switch moderation {
                case .pending:
                    HTML.empty
                case .rejected:
                    PostForm.make(action: path + "/approve", token: viewer.formToken) {
                        element("button", .type("submit")) { "Show again" }
                    }
                case .approved, nil:
                    PostForm.make(action: path + "/reject", token: viewer.formToken, confirm: "Hide this idea from the public?") {
                        element("button", .type("submit"), .class("danger")) { "Hide from the public" }
                    }
                }
            }
        }
    }

    var factsPanel: HTML {
        element("section", .class("panel")) {
            element("dl", .class("facts")) {
                element("dt") { "Votes" }
                element("dd") { FeedbackPageParts.grouped(votes) }
                element("dt") { "Public comments" }
                element("dd") { FeedbackPageParts.grouped(commentCount) }
                element("dt") { "Board" }
                element("dd") { boardName }
                element("dt") { "Author" }
                element("dd") {
                    authorName ?? "Anonymous"
                    if let authorEmail {
                        " "
                        element("span", .class("small muted")) { authorEmail }
                    }
                }
                element("dt") { "Created" }
                element("dd") { FeedbackPageParts.when(createdAt) }
                element("dt") { "Last activity" }
                element("dd") { FeedbackPageParts.when(lastActivityAt) }
                element("dt") { "Idea ID" }
                element("dd", .class("mono small")) { id }
            }
        }
    }

    func editPanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel")) {
            // A refused edit opens again with what was typed.
            element("details", drafts["title"] == nil ? [.class("fold")] : [.class("fold"), Attribute(boolean: "open")]) {
                element("summary") { "Edit the public text" }
                PostForm.make(action: path, token: viewer.formToken) {
                    element("div", .class("field")) {
                        element("label", Attribute("for", "idea-title")) { "Title" }
                        voidElement(
                            "input", .type("text"), .id("idea-title"), .name("title"), .value(drafts["title"] ?? title), .required,
                            Attribute("minlength", String(IdeaPage.titleLimit.lowerBound)),
                            Attribute("maxlength", String(IdeaPage.titleLimit.upperBound)), Attribute("aria-describedby", "idea-title-hint")
                        )
                        FeedbackPageParts.hint(
                            "idea-title-hint", "\(IdeaPage.titleLimit.lowerBound)–\(IdeaPage.titleLimit.upperBound) characters.")
                    }
                    element("div", .class("field")) {
                        element("label", Attribute("for", "idea-description")) { "Description" }
                        element(
                            "textarea", .id("idea-description"), .name("description"),
                            Attribute("maxlength", String(IdeaPage.descriptionLimit)),
                            Attribute("aria-describedby", "idea-description-hint")
                        ) { drafts["description"] ?? description }
                        FeedbackPageParts.hint(
                            "idea-description-hint", "Up to " + FeedbackPageParts.grouped(IdeaPage.descriptionLimit) + " characters.")
                    }
                    element("button", .type("submit"), .class("primary")) { "Save text" }
                }
            }
        }
    }

    func mergePanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel")) {
            element("details", .class("fold")) {
                element("summary") { "Merge into another idea" }
                if mergeTargets.isEmpty {
                    element("p", .class("small muted")) { "This app has no other idea to merge into." }
                } else {
                    element("p", .class("small muted")) {
                        "For a duplicate: its votes join the other idea (a voter of both counts once), its comments move, "
                            + "and this idea leaves every list. It cannot be undone."
                    }
                    PostForm.make(
                        action: path + "/merge", token: viewer.formToken,
                        confirm: "Merge “" + title + "” into the chosen idea? This cannot be undone."
                    ) {
                        element("div", .class("field")) {
                            element("label", Attribute("for", "merge-into")) { "Merge into" }
                            element("select", .id("merge-into"), .name("into"), .required) {
                                element("option", .value("")) { "Choose the idea to keep…" }
                                for target in mergeTargets where target.id != id {
                                    element("option", .value(target.id)) { target.described }
                                }
                            }
                        }
                        element("button", .type("submit"), .class("danger")) { "Merge" }
                    }
                }
            }
        }
    }

    var reportsPanel: HTML {
        element("section", .class("panel")) {
            element("h2") { "From private reports" }
            element("ul", .class("timeline")) {
                for report in reports {
                    element("li") {
                        element("a", .href("/dashboard/reports/" + report.id)) { report.excerpt }
                        " "
                        element("span", .class("small muted")) { FeedbackPageParts.when(report.createdAt) }
                    }
                }
            }
        }
    }
}
