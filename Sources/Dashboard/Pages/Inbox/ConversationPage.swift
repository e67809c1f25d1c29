/// One conversation (`GET /dashboard/conversations/{id}`): the thread, oldest first, with the
/// composer right below the newest message; who the user is and what their app reported on
/// the side. The thread and the status are live regions, the forms are not, so a reply being
/// typed is never replaced.
public enum ConversationPage {
    /// The live regions' IDs.
    public static let threadId = "thread"
    public static let statusId = "conversation-status"

    /// docs/chat.md: a message is 1–2,000 characters, or empty with 1–3 photos.
    static let bodyLength = 2_000
    static let photosPerMessage = 3
    /// docs/chat.md, "Cards": an offer's button label is 1–40 characters, its body up to 500.
    static let offerLabelLength = 40
    static let offerBodyLength = 500

    public static func render(_ view: ConversationView, viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Chat with " + view.customer.displayName, section: .inbox, viewer: viewer, notice: notice) {
            header(view)
            element("div", .class("grid2 conversation")) {
                element("div", .class("stack")) {
                    element("section", .class("panel"), .label("Messages")) { thread(view) }
                    composer(view, viewer: viewer)
                    statusActions(view, viewer: viewer)
                }
                element("aside", .class("stack"), .label("About this user")) {
                    customer(view)
                    cards(view, viewer: viewer)
                    purchases(view)
                }
            }
        }
    }

    /// Owners and admins ask for reviews (docs: "Owners and admins can choose Ask for a review").
    static func mayRequestReview(_ viewer: PageShell.Viewer) -> Bool { viewer.role == "owner" || viewer.role == "admin" }

    static func header(_ view: ConversationView) -> HTML {
        element("div", .class("topline")) {
            element("div") {
                element("a", .class("small"), .href(InboxPaths.inbox)) { "← Inbox" }
                element("h1") { view.customer.displayName }
            }
            element("div", .class("row"), .id(statusId), Attribute(boolean: "data-live")) {
                element("span", .class("badge")) { view.app.name }
                InboxBadges.state(view.status)
                if view.status == .resolved, let sentiment = view.sentiment { InboxBadges.sentiment(sentiment) }
                element("span", .class("small muted")) {
                    "Started "
                    InboxTime.html(view.createdAt, now: view.now)
                }
            }
        }
    }
}
