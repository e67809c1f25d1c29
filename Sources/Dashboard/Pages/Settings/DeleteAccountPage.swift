/// `GET /dashboard/settings/delete-account`, owners only: deleting the whole organization (the
/// account) with every app, as the operator API's `POST /organization/erasure` does. It says
/// what goes and what stays before anything happens, and the organization's name typed back
/// exactly is the confirmation (a slip of the mouse cannot delete an account).
public struct DeleteAccountPage: Sendable {
    public static let path = "/dashboard/settings/delete-account"

    public var organizationName: String
    /// docs/privacy.md's "Delete an account" on the docs site.
    public var privacyURL: String
    /// What a refused post typed, shown again with `problems`.
    public var draft: String
    public var problems: FormProblems

    public init(organizationName: String, privacyURL: String, draft: String = "", problems: FormProblems = .none) {
        self.organizationName = organizationName
        self.privacyURL = privacyURL
        self.draft = draft
        self.problems = problems
    }

    /// What an account deletion removes, in the words of docs/privacy.md's tables.
    static let erased = [
        "Every app with its boards, ideas, votes, comments, changelog and hosted roadmap",
        "Support chats with their messages and photos, private reports with their screenshots",
        "Push devices and queued pushes, APNs keys, Telegram and Discord connections",
        "App Store Connect and RevenueCat connections, reviews, keywords, rank history and price jobs",
        "Members, invitations, API tokens and sessions; people who belong to no other organization",
    ]

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Delete this account", section: .settings, viewer: viewer, notice: notice) {
            element("p", .class("small")) { element("a", .href("/dashboard/settings")) { "← Settings" } }
            element("section", .class("panel"), Attribute("aria-labelledby", "delete-account-title")) {
                element("h1", .id("delete-account-title")) { "Delete this account" }
                element("p") { "This deletes " + organizationName + " and everything in it from every part of the hub:" }
                element("ul") {
                    for item in DeleteAccountPage.erased { element("li") { item } }
                }
                element("p", .class("small muted")) {
                    "Market data every account shares (charts, the app catalog, App Store search results) stays. "
                    element("a", .href(privacyURL)) { "What an account deletion removes" }
                    "."
                }
                element("div", .class("flash bad"), Attribute("role", "alert")) {
                    "This cannot be undone. While it runs, nobody can use the account; when it is done, you and every member "
                        + "are signed out for good."
                }
                PostForm.make(action: DeleteAccountPage.path, token: viewer.formToken) {
                    LabeledField(
                        id: "delete-account-confirm", label: "Type the organization's name to confirm",
                        hint: "Exactly as it is written: " + organizationName, problems: problems["confirm"]
                    )
                    .input(
                        "confirm", type: "text", value: draft, Attribute("maxlength", "400"), Attribute("autocomplete", "off"),
                        Attribute("spellcheck", "false"))
                    element("div", .class("row")) {
                        element("button", .type("submit"), .class("danger")) { "Delete this account" }
                        element("a", .class("button"), .href("/dashboard/settings")) { "Cancel" }
                    }
                }
            }
        }
    }
}
