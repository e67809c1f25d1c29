/// What the team does in a conversation: reply or leave a note, resolve or reopen, and send
/// cards. Each is a POST form with the session's form token that works without the script.
extension ConversationPage {
    /// One text box, two buttons: the choice between reaching the user and staying within the
    /// team is made on the button pressed, never on a mode left over from before.
    static func composer(_ view: ConversationView, viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel composer"), .id("reply"), .label("Reply")) {
            PostForm.make(action: InboxPaths.reply(view.id), token: viewer.formToken, multipart: true) {
                voidElement("input", .type("hidden"), .name("key"), .value(view.replyKey))
                element("label", Attribute("for", "reply-body")) { "Reply to " + view.customer.displayName }
                element(
                    "textarea", .id("reply-body"), .name("body"), Attribute("rows", "4"), Attribute("maxlength", String(bodyLength)),
                    Attribute("aria-describedby", "reply-hint")
                ) {
                    // A parser drops a newline right after <textarea>: give it one to drop.
                    view.draft.hasPrefix("\n") ? "\n" + view.draft : view.draft
                }
                element("p", .class("hint"), .id("reply-hint")) {
                    "A reply reaches the user's app; a note stays with your team. Up to 2,000 characters."
                }
                element("details", .class("attach")) {
                    element("summary") { "Attach photos" }
                    element("p", .class("hint")) { "Up to 3 photos with a reply, never with a note: JPEG, PNG or WebP, 5 MB each." }
                    // One input per photo: the limit holds without the script.
                    for slot in 1...photosPerMessage {
                        element("label", .class("file")) {
                            element("span") { "Photo \(slot)" }
                            voidElement("input", .type("file"), .name("photo"), Attribute("accept", "image/jpeg,image/png,image/webp"))
                        }
                    }
                }
                element("div", .class("row")) {
                    element("button", .type("submit"), .class("primary")) { "Send reply" }
                    element("button", .type("submit"), .name("internal"), .value("1"), .class("note")) { "Add internal note" }
                }
            }
        }
    }

    static func statusActions(_ view: ConversationView, viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .label("Status")) {
            if view.status == .open {
                PostForm.make(action: InboxPaths.resolve(view.id), token: viewer.formToken) {
                    element("fieldset", .class("resolve")) {
                        element("legend") { "Resolve, with how the user left" }
                        element("div", .class("row")) {
                            element("button", .type("submit"), .name("sentiment"), .value("positive")) { "Positive" }
                            element("button", .type("submit"), .name("sentiment"), .value("neutral")) { "Neutral" }
                            element("button", .type("submit"), .name("sentiment"), .value("negative")) { "Negative" }
                        }
                        if view.automaticReviewRequests && view.reviewRequest == nil {
                            element("p", .class("hint")) {
                                "Positive also sends the review request: automatic review requests are on for this app."
                            }
                        }
                    }
                }
            } else {
                PostForm.make(action: InboxPaths.reopen(view.id), token: viewer.formToken, .class("row")) {
                    element("span") {
                        "Resolved"
                        if let sentiment = view.sentiment {
                            " · "
                            InboxBadges.sentiment(sentiment)
                        }
                    }
                    element("span", .class("spacer"))
                    element("button", .type("submit")) { "Reopen" }
                }
                element("p", .class("hint")) { "You can still reply; the user reads this conversation until they write again." }
            }
        }
    }

    static func cards(_ view: ConversationView, viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .label("Cards")) {
            element("h2") { "Cards" }
            reviewRequest(view, viewer: viewer)
            offer(view, viewer: viewer)
        }
    }

    /// Sent at most once per conversation; once sent, the page shows it instead of the button.
    static func reviewRequest(_ view: ConversationView, viewer: PageShell.Viewer) -> HTML {
        element("div", .class("review")) {
            if let sent = view.reviewRequest {
                element("p") {
                    "Review request sent "
                    InboxTime.html(sent.createdAt, now: view.now)
                }
                if let card = sent.card { activity(card, now: view.now) }
            } else if mayRequestReview(viewer) {
                PostForm.make(action: InboxPaths.cards(view.id), token: viewer.formToken) {
                    voidElement("input", .type("hidden"), .name("kind"), .value("review_request"))
                    element("button", .type("submit")) { "Ask for a review" }
                    element("p", .class("hint")) { "Sends the App Store review card once. Apple decides whether its prompt appears." }
                }
            }
        }
    }

    /// Offers come only from the paywalls the user's own app reported; one that cannot open
    /// on the device now is listed but not selectable.
    static func offer(_ view: ConversationView, viewer: PageShell.Viewer) -> HTML {
        element("div", .class("offer")) {
            element("h3") { "Send an offer" }
            if let snapshot = view.customer.paywalls, snapshot.paywalls.contains(where: \.canOpen) {
                PostForm.make(action: InboxPaths.cards(view.id), token: viewer.formToken) {
                    voidElement("input", .type("hidden"), .name("kind"), .value("offer"))
                    element("div", .class("field")) {
                        element("label", Attribute("for", "offer-paywall")) { "Paywall" }
                        element("select", .id("offer-paywall"), .name("paywallId"), .required) {
                            for paywall in snapshot.paywalls { paywallOption(paywall) }
                        }
                    }
                    element("div", .class("field")) {
                        element("label", Attribute("for", "offer-label")) { "Button label" }
                        voidElement(
                            "input", .type("text"), .id("offer-label"), .name("buttonLabel"), .value("View offer"), .required,
                            Attribute("maxlength", String(offerLabelLength)))
                        element("p", .class("hint")) { "Up to 40 characters." }
                    }
                    element("div", .class("field")) {
                        element("label", Attribute("for", "offer-body")) { "Message (optional)" }
                        element(
                            "textarea", .id("offer-body"), .name("body"), Attribute("rows", "3"),
                            Attribute("maxlength", String(offerBodyLength)))
                        element("p", .class("hint")) { "Up to 500 characters." }
                    }
                    element("button", .type("submit")) { "Send offer" }
                }
            } else if let snapshot = view.customer.paywalls, !snapshot.paywalls.isEmpty {
                element("p", .class("muted small")) { "None of the paywalls this user's app reported can open on their device now." }
            } else if view.customer.paywalls != nil {
                element("p", .class("muted small")) { "This user's app reported no paywalls." }
            } else {
                element("p", .class("muted small")) { "This user's app has not reported its paywalls, so there is nothing to offer yet." }
            }
        }
    }

    static func paywallOption(_ paywall: ConversationPaywalls.Paywall) -> HTML {
        var text = paywall.title
        if let first = paywall.products.first { text += " · " + PaywallPeriod.product(first) }
        if !paywall.available {
            text += " (unavailable)"
        } else if !paywall.presentable {
            text += " (cannot be shown)"
        }
        return element("option", paywall.canOpen ? [.value(paywall.id)] : [.value(paywall.id), .disabled]) { text }
    }
}
