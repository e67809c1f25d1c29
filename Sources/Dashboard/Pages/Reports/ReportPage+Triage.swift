/// The side of the report page: the triage form (status, priority, assignee, labels), who
/// sent the report, and the community idea it became or can become.
extension ReportPage {
    /// docs/openapi.yaml, `PATCH /feedback/{feedbackId}`: at most 20 labels of 1–40 characters.
    static let maxLabels = 20
    static let labelLength = 40
    /// docs/limits.md, "Input limits": idea title 4–140, description up to 4,000.
    static let ideaTitle = 4...140
    static let ideaDescription = 4_000

    /// Comma-separated labels as the browser checks them before posting (the server checks
    /// again): letters, digits, space, `_` and `-`, 1–40 each, at most 20. A label starts with
    /// a character that is not a space and the comma is not in its class, so the split is
    /// unambiguous and checking takes linear time. `-` is escaped because browsers compile
    /// `pattern` with the `v` flag.
    static let labelsPattern: String = {
        let label = "[A-Za-z0-9_\\-][A-Za-z0-9 _\\-]{0,\(labelLength - 1)}"
        return " *" + label + "(?:, *" + label + "){0,\(maxLabels - 1)},? *"
    }()

    func triagePanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .id("triage")) {
            element("h2") { "Triage" }
            PostForm.make(action: path, token: viewer.formToken) {
                element("div", .class("field")) {
                    element("label", Attribute("for", "triage-status")) { "Status" }
                    element("select", .id("triage-status"), .name("status")) {
                        for option in Status.allCases { ReportPage.option(option.rawValue, option.title, selected: option == status) }
                    }
                }
                element("div", .class("field")) {
                    element("label", Attribute("for", "triage-priority")) { "Priority" }
                    element("select", .id("triage-priority"), .name("priority")) {
                        for option in Priority.allCases { ReportPage.option(option.rawValue, option.title, selected: option == priority) }
                    }
                }
                element("div", .class("field")) {
                    element("label", Attribute("for", "triage-assignee")) { "Assignee" }
                    element("select", .id("triage-assignee"), .name("assignee")) {
                        ReportPage.option("none", "Unassigned", selected: assignee == nil)
                        // A former teammate stays visible until someone reassigns the report.
                        if let assignee, !members.contains(assignee) {
                            ReportPage.option(assignee.id, assignee.shown + " (no longer a member)", selected: true)
                        }
                        for member in members { ReportPage.option(member.id, member.shown, selected: member == assignee) }
                    }
                }
                element("div", .class("field")) {
                    element("label", Attribute("for", "triage-labels")) { "Labels" }
                    voidElement(
                        "input", .type("text"), .id("triage-labels"), .name("labels"), .value(labels.joined(separator: ", ")),
                        Attribute("pattern", ReportPage.labelsPattern), Attribute("autocomplete", "off"),
                        Attribute("aria-describedby", "labels-hint"))
                    FeedbackPageParts.hint(
                        "labels-hint",
                        "Separated by commas; up to \(ReportPage.maxLabels), each 1–\(ReportPage.labelLength) letters, digits, spaces, _ or -."
                    )
                }
                element("button", .type("submit"), .class("primary")) { "Save triage" }
            }
        }
    }

    static func option(_ value: String, _ text: String, selected: Bool) -> HTML {
        element("option", selected ? [.value(value), .selected] : [.value(value)]) { text }
    }

    var reporterPanel: HTML {
        element("section", .class("panel")) {
            element("h2") { "Reporter" }
            element("dl", .class("facts")) {
                element("dt") { "Contact email" }
                element("dd") { contactEmail ?? "None given" }
                element("dt") { "Signed in as" }
                element("dd") {
                    if let verifiedEmail {
                        verifiedEmail
                        " "
                        element("span", .class("badge ok")) { "Verified" }
                    } else {
                        "Not signed in"
                    }
                }
                if let locale {
                    element("dt") { "Locale" }
                    element("dd") { locale }
                }
                if let viewport {
                    element("dt") { "Viewport" }
                    element("dd") { "\(viewport.width) × \(viewport.height)" }
                }
                if let userAgent {
                    element("dt") { "Browser" }
                    element("dd", .class("small")) { userAgent }
                }
                element("dt") { "Assigned" }
                element("dd") { assignee?.shown ?? "Nobody" }
                element("dt") { "Updated" }
                element("dd") { FeedbackPageParts.when(updatedAt) }
                element("dt") { "Report ID" }
                element("dd", .class("mono small")) { id }
                element("dt") { "Correlation ID" }
                element("dd", .class("mono small")) { correlationId }
            }
        }
    }

    func ideaPanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .id("idea")) {
            element("h2") { "Community idea" }
            if let idea {
                element("p") {
                    "This report is linked to "
                    element("a", .href(idea.path)) { idea.title }
                }
                element("p", .class("small muted")) { idea.boardName + " · " + IdeaBadges.votes(idea.votes) }
            } else {
                element("p", .class("small muted")) {
                    "Turn this report into a public idea or link it to one that exists. "
                        + "Write the public text yourself: contact details, the screenshot and diagnostics stay private."
                }
                promoteForm(viewer)
                linkForm(viewer)
            }
        }
    }

    func promoteForm(_ viewer: PageShell.Viewer) -> HTML {
        // A refused promotion opens again with what was typed.
        element("details", drafts["title"] == nil ? [.class("fold")] : [.class("fold"), Attribute(boolean: "open")]) {
            element("summary") { "Create a new idea" }
            if boards.isEmpty {
                element("p", .class("small")) {
                    "This app has no board to put an idea on. "
                    element("a", .href("/dashboard/ideas/boards")) { "Open the boards" }
                }
            } else {
                PostForm.make(action: path + "/promote", token: viewer.formToken) {
                    element("div", .class("field")) {
                        element("label", Attribute("for", "promote-board")) { "Board" }
                        element("select", .id("promote-board"), .name("board")) {
                            for board in boards { ReportPage.option(board.slug, board.name, selected: board.slug == boards.first?.slug) }
                        }
                    }
                    element("div", .class("field")) {
                        element("label", Attribute("for", "promote-title")) { "Public title" }
                        voidElement(
                            "input", .type("text"), .id("promote-title"), .name("title"), .required,
                            Attribute("minlength", String(ReportPage.ideaTitle.lowerBound)),
                            Attribute("maxlength", String(ReportPage.ideaTitle.upperBound)),
                            Attribute("aria-describedby", "promote-title-hint"), .value(drafts["title"] ?? ""))
                        FeedbackPageParts.hint(
                            "promote-title-hint", "\(ReportPage.ideaTitle.lowerBound)–\(ReportPage.ideaTitle.upperBound) characters.")
                    }
                    element("div", .class("field")) {
                        element("label", Attribute("for", "promote-description")) { "Public description" }
                        element(
                            "textarea", .id("promote-description"), .name("description"),
                            Attribute("maxlength", String(ReportPage.ideaDescription)),
                            Attribute("aria-describedby", "promote-description-hint")
                        ) { drafts["description"] ?? "" }
                        FeedbackPageParts.hint(
                            "promote-description-hint",
                            "Optional, up to " + FeedbackPageParts.grouped(ReportPage.ideaDescription) + " characters.")
                    }
                    element("button", .type("submit"), .class("primary")) { "Create idea" }
                }
            }
        }
    }

    func linkForm(_ viewer: PageShell.Viewer) -> HTML {
        element("details", .class("fold")) {
            element("summary") { "Link an existing idea" }
            if linkableIdeas.isEmpty {
                element("p", .class("small muted")) { "This app has no ideas yet." }
            } else {
                PostForm.make(action: path + "/promote", token: viewer.formToken) {
                    element("div", .class("field")) {
                        element("label", Attribute("for", "link-idea")) { "Idea" }
                        element("select", .id("link-idea"), .name("idea"), .required) {
                            for idea in linkableIdeas {
                                ReportPage.option(idea.id, idea.described, selected: false)
                            }
                        }
                    }
                    element("button", .type("submit")) { "Link idea" }
                }
            }
        }
    }
}
