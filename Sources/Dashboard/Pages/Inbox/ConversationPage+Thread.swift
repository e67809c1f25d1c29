import Foundation

/// The thread: the user's messages on one side, the team's on the other, internal notes set
/// apart by colour, border and a label, cards with what the user did with them.
extension ConversationPage {
    static func thread(_ view: ConversationView) -> HTML {
        element("div", .class("thread"), .id(threadId), Attribute(boolean: "data-live")) {
            if view.messages.isEmpty {
                element("p", .class("empty")) { "No messages yet." }
            }
            for (index, message) in view.messages.enumerated() {
                entry(message, customer: view.customer, now: view.now, isLatest: index == view.messages.count - 1)
            }
        }
    }

    static func entry(_ message: ConversationEntry, customer: ConversationCustomer, now: Date, isLatest: Bool) -> HTML {
        let style = message.isInternal ? "msg note" : message.sender == .user ? "msg user" : "msg team"
        // The inbox links to #latest, so a long thread opens at its newest message with the composer below.
        let attributes: [Attribute] = isLatest ? [.class(style), .id("latest")] : [.class(style)]
        return element("article", attributes) {
            element("span", .class("meta")) {
                if message.isInternal {
                    element("span", .class("note-tag"), .title("Only your team sees notes")) { "Internal note" }
                    " · "
                }
                element("strong") { sender(message, customer: customer) }
                " · "
                InboxTime.html(message.createdAt, now: now)
            }
            if showsBody(message) { element("span", .class("text")) { message.body } }
            if !message.photos.isEmpty { photos(message.photos) }
            if let card = message.card { self.card(card, now: now) }
        }
    }

    static func sender(_ message: ConversationEntry, customer: ConversationCustomer) -> String {
        switch message.sender {
        case .user: return customer.displayName
        case .team: return message.author ?? "Team"
        }
    }

    /// A card's message text is what an app without cards shows; when it repeats the card, the card says it.
    static func showsBody(_ message: ConversationEntry) -> Bool {
        guard !message.body.isEmpty else { return false }
        guard let card = message.card else { return true }
        return message.body != card.body && message.body != card.buttonLabel
    }

    static func photos(_ photos: [ConversationEntry.Photo]) -> HTML {
        element("div", .class("photos")) {
            for (index, photo) in photos.enumerated() {
                let name = "Photo \(index + 1) of \(photos.count)"
                if let url = photo.url {
                    element("a", .href(url), Attribute("target", "_blank"), Attribute("rel", "noopener"), .title("Open full size")) {
                        voidElement(
                            "img", Attribute("src", url), Attribute("alt", name + ", \(photo.width)×\(photo.height)"),
                            Attribute("loading", "lazy"))
                    }
                } else if photo.expired {
                    element("span", .class("badge"), .title("Removed by the workspace's data retention policy")) {
                        name + " expired"
                    }
                } else {
                    element("span", .class("badge warn")) { name + " is unavailable" }
                }
            }
        }
    }

    static func card(_ card: ConversationEntry.Card, now: Date) -> HTML {
        element("div", .class("card")) {
            element("div", .class("row")) {
                switch card.kind {
                case .offer:
                    element("strong") { "Offer" }
                    element("span", .class("muted"), .title("Paywall when sent; only your team sees this")) { card.title }
                    if !card.available { element("span", .class("badge warn")) { "No longer available" } }
                case .reviewRequest:
                    element("strong") { "Review request" }
                    element("span", .class("muted")) { card.title }
                }
            }
            if let body = card.body { element("p") { body } }
            element("span", .class("cta")) { card.buttonLabel }
            activity(card, now: now)
        }
    }

    /// What the app reported: the first display and the first tap. A tap is neither a purchase nor a review.
    static func activity(_ card: ConversationEntry.Card, now: Date) -> HTML {
        element("p", .class("small muted activity"), .title("A tap is not evidence of a purchase or a review")) {
            if let opened = card.openedAt {
                "Opened "
                InboxTime.html(opened, now: now)
                if let tapped = card.tappedAt {
                    " · Tapped "
                    InboxTime.html(tapped, now: now)
                } else {
                    " · Not tapped"
                }
            } else {
                "Not opened yet"
            }
        }
    }
}
