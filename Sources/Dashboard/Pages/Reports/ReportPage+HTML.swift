/// The report page: what the user wrote comes first (message, page, screenshot), then the
/// conversation with the reply box, then device context, diagnostics and the timeline; the
/// triage controls, who sent it and the idea it became sit beside it (below it on a phone).
extension ReportPage {
    /// docs/openapi.yaml, `POST /feedback/{feedbackId}/replies`: a message of 1–5,000 characters.
    static let replyLimit = 5_000

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: headline, section: .inbox, viewer: viewer, notice: notice) {
            element("div", .class("report")) {
                header(viewer)
                element("div", .class("grid2")) {
                    element("div", .class("stack")) {
                        messagePanel
                        conversationPanel(viewer)
                        contextPanel
                        timelinePanel
                    }
                    element("aside", .class("stack"), .label("Triage and reporter")) {
                        triagePanel(viewer)
                        reporterPanel
                        ideaPanel(viewer)
                    }
                }
            }
        }
    }

    /// The message's first line, cut to fit a heading and a browser tab.
    var headline: String {
        let first = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let line = first.trimmingCharacters(in: .whitespaces)
        if line.isEmpty { return kind.title + " report" }
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }

    func header(_ viewer: PageShell.Viewer) -> HTML {
        element("div", .class("topline")) {
            element("div") {
                element("p", .class("small muted")) {
                    element("a", .href("/dashboard?kind=report")) { "← Reports" }
                    " · " + appName
                    // On a phone the triage controls come after the whole report; one tap reaches them.
                    element("span", .class("jump")) {
                        " · "
                        element("a", .href("#triage")) { "Triage ↓" }
                    }
                }
                element("h1") { headline }
                element("div", .class("row small")) {
                    element("span", .class("badge")) { kind.title }
                    ReportPage.statusBadge(status)
                    if priority != .none { ReportPage.priorityBadge(priority) }
                    if !isRead { element("span", .class("badge accent")) { "Unread" } }
                    element("span", .class("muted")) {
                        "Received "
                        FeedbackPageParts.when(createdAt)
                    }
                }
            }
            PostForm.make(action: path, token: viewer.formToken) {
                voidElement("input", .type("hidden"), .name("read"), .value(isRead ? "0" : "1"))
                element("button", .type("submit")) { isRead ? "Mark as unread" : "Mark as read" }
            }
        }
    }

    static func statusBadge(_ status: Status) -> HTML {
        switch status {
        case .todo: return element("span", .class("badge warn")) { status.title }
        case .inProgress: return element("span", .class("badge accent")) { status.title }
        case .done: return element("span", .class("badge ok")) { status.title }
        }
    }

    static func priorityBadge(_ priority: Priority) -> HTML {
        switch priority {
        case .urgent: return element("span", .class("badge bad")) { "Urgent" }
        case .high: return element("span", .class("badge warn")) { "High priority" }
        default: return element("span", .class("badge")) { priority.title + " priority" }
        }
    }

    var messagePanel: HTML {
        element("section", .class("panel"), .label("Message")) {
            element("p", .class("small muted")) {
                "From "
                if let sender = verifiedEmail ?? contactEmail {
                    element("strong") { sender }
                    if verifiedEmail != nil {
                        " "
                        element("span", .class("badge ok")) { "Verified" }
                    }
                } else {
                    element("strong") { "an anonymous user" }
                }
            }
            element("div", .class("message")) { message }
            element("p", .class("small muted")) {
                "Sent from "
                element("a", .href(pageURL), Attribute("rel", "noreferrer noopener nofollow")) { pageTitle ?? pageURL }
                if pageTitle != nil {
                    " "
                    element("span", .class("mono")) { pageURL }
                }
            }
            if let screenshot {
                screenshotFigure(screenshot)
            } else if let removedAt = screenshotRemovedAt {
                element("p", .class("small muted"), .id("screenshot-removed")) {
                    "The screenshot was removed by the workspace's data retention policy on "
                    TimeText.html(removedAt)
                    "."
                }
            }
        }
    }

    func screenshotFigure(_ shot: Screenshot) -> HTML {
        var image: [Attribute] = [.class("shot"), Attribute("src", screenshotPath), Attribute("alt", "Screenshot sent with the report")]
        if let width = shot.width, let height = shot.height, width > 0, height > 0 {
            image += [Attribute("width", String(width)), Attribute("height", String(height))]
        }
        image.append(Attribute("loading", "lazy"))
        var facts: [String] = []
        if let type = shot.type { facts.append(type) }
        if let width = shot.width, let height = shot.height { facts.append("\(width) × \(height)") }
        if let bytes = shot.bytes { facts.append(FeedbackPageParts.grouped((bytes + 1023) / 1024) + " KB") }
        return element("figure", .class("shot")) {
            element("a", .href(screenshotPath), .title("Open the screenshot at full size")) { voidElement("img", image) }
            if !facts.isEmpty { element("figcaption", .class("small muted")) { facts.joined(separator: " · ") } }
        }
    }

    func conversationPanel(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .id("replies")) {
            element("h2") { "Replies and notes" }
            element("div", .class("thread"), .id("report-thread"), Attribute("data-live", "")) {
                if replies.isEmpty {
                    element("p", .class("muted small")) {
                        canReceiveReplies ? "No replies yet. The user has not heard back." : "No notes yet."
                    }
                }
                for reply in replies { ReportPage.bubble(reply) }
            }
            composer(viewer)
        }
    }

    static func bubble(_ reply: Reply) -> HTML {
        element("div", .class(reply.isInternal ? "msg note" : "msg team")) {
            element("span", .class("meta")) {
                element("strong") { reply.isInternal ? "Internal note" : "Reply" }
                if let author = reply.author { " · " + author }
                " · "
                FeedbackPageParts.when(reply.createdAt)
                if reply.convertedToNote { " · kept as a note: nobody could receive it" }
                if let delivery = reply.delivery {
                    " · "
                    element("span", .class(delivery.style)) { delivery.label }
                }
            }
            reply.message
        }
    }

    func composer(_ viewer: PageShell.Viewer) -> HTML {
        PostForm.make(action: path + "/reply", token: viewer.formToken, .class("composer")) {
            voidElement("input", .type("hidden"), .name("key"), .value(replyKey))
            element("div", .class("field")) {
                element("label", Attribute("for", "reply-message")) { canReceiveReplies ? "Reply or internal note" : "Internal note" }
                element(
                    "textarea", .id("reply-message"), .name("message"), .required,
                    Attribute("maxlength", String(ReportPage.replyLimit)), Attribute("aria-describedby", "reply-hint")
                ) { drafts["message"] ?? "" }
                FeedbackPageParts.hint("reply-hint", composerHint)
            }
            element("div", .class("row")) {
                if canReceiveReplies {
                    element("button", .type("submit"), .class("primary")) { "Send reply" }
                }
                element("button", .type("submit"), .class("note"), .name("internal"), .value("1")) { "Add internal note" }
            }
        }
    }

    var composerHint: String {
        let limit = "Up to " + FeedbackPageParts.grouped(ReportPage.replyLimit) + " characters."
        guard let reader = verifiedEmail ?? contactEmail else {
            return "Nobody can receive a reply: the report has no contact email and no signed-in user. "
                + "What you write stays with the team as an internal note. " + limit
        }
        return "A reply reaches " + reader + "; an internal note stays with the team. " + limit
    }
}
