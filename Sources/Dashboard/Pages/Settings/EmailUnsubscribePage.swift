/// `/email/unsubscribe/{token}`, the one-click link of an alert's `List-Unsubscribe` (RFC
/// 8058): a GET asks first (mail scanners open links), the POST turns the one alert off, with
/// or without a session. Choices are otherwise made on Settings → Notifications.
public struct EmailUnsubscribePage: Sendable {
    public enum State: Sendable, Equatable {
        /// The question, with the button that posts to `action`.
        case ask(action: String)
        case done
        /// The link is not one of this hub's, or its member is gone.
        case invalid
    }

    public var state: State
    /// "New conversation", "New report" or "Daily digest".
    public var alert: String
    public var email: String
    public var organization: String

    public init(state: State, alert: String = "", email: String = "", organization: String = "") {
        self.state = state
        self.alert = alert
        self.email = email
        self.organization = organization
    }

    public func html() -> HTML {
        switch state {
        case .invalid:
            return PageShell.bare(title: "Link not valid") {
                element("h1") { "This link can't be used" }
                element("p") { "It is not a link this hub sent, or the membership it was for has ended." }
                element("p") { element("a", .href("/dashboard/settings/notifications")) { "Choose your email alerts" } }
            }
        case .ask(let action):
            return PageShell.bare(title: "Stop these emails") {
                element("h1") { "Stop “" + alert + "” emails?" }
                element("p") { email + " will no longer get them for " + organization + "." }
                element("form", Attribute("method", "post"), Attribute("action", action)) {
                    voidElement("input", .type("hidden"), .name("List-Unsubscribe"), .value("One-Click"))
                    element("button", .type("submit"), .class("primary")) { "Stop them" }
                }
            }
        case .done:
            return PageShell.bare(title: "Emails stopped", notice: .ok("Done.")) {
                element("h1") { "“" + alert + "” emails stopped" }
                element("p") { email + " will no longer get them for " + organization + "." }
                element("p") {
                    "To turn them on again, or choose others, sign in and open "
                    element("a", .href("/dashboard/settings/notifications")) { "Settings → Notifications" }
                    "."
                }
            }
        }
    }
}
