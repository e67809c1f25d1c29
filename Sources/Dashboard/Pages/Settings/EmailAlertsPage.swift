/// `GET /dashboard/settings/notifications`: what this member is emailed about in this
/// organization (`POST` with `newConversation`, `newReport`, `dailyDigest` as `1`). The feed's
/// filters are the browser's own; this page is the member's email only. When the hub has no
/// outgoing email the choices are kept but the page says nothing is sent.
public struct EmailAlertsPage: Sendable {
    /// The boxes shown checked, by field name (`newConversation`, `newReport`, `dailyDigest`).
    public var checked: Set<String>
    /// `APPNORTH_SMTP_URL` is set.
    public var emailOn: Bool
    /// The address the alerts go to: the member's sign-in email.
    public var email: String

    public init(checked: Set<String>, emailOn: Bool, email: String) {
        self.checked = checked
        self.emailOn = emailOn
        self.email = email
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        let section: PageShell.Section? = viewer.sections.contains(.settings) ? .settings : nil
        return PageShell.page(title: "Email notifications", section: section, viewer: viewer, notice: notice) {
            element("h1") { "Email notifications" }
            if !emailOn {
                element("div", .class("flash info"), Attribute("role", "status")) {
                    "Email is off on this hub: nothing is sent until the operator sets APPNORTH_SMTP_URL. "
                        + "Your choices are kept for then."
                }
            }
            element("section", .class("panel"), Attribute("aria-labelledby", "email-title")) {
                element("h2", .id("email-title")) { "Email me" }
                element("p", .class("small muted")) {
                    "Sent to " + email + " for " + viewer.organization + ". Every alert has a link back to this page."
                }
                PostForm.make(action: "/dashboard/settings/notifications", token: viewer.formToken) {
                    element("fieldset", .class("choices")) {
                        element("legend") { "Alerts" }
                        Checkbox.html(
                            name: "newConversation", label: "New conversation",
                            hint: "When a user's message opens a conversation in one of the apps, with its first lines.",
                            checked: checked.contains("newConversation"))
                        Checkbox.html(
                            name: "newReport", label: "New report",
                            hint: "When a bug report, idea or question comes in, with its title and first lines.",
                            checked: checked.contains("newReport"))
                        Checkbox.html(
                            name: "dailyDigest", label: "Daily digest",
                            hint: "Once a day: new conversations and reports per app over the last 24 hours; "
                                + "nothing when there were none.",
                            checked: checked.contains("dailyDigest"))
                    }
                    element("button", .type("submit"), .class("primary")) { "Save" }
                }
            }
        }
    }
}
