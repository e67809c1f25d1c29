/// The way to delete the whole account, shown to owners only (`DeleteAccountPage`).
extension SettingsPage {
    var deleteAccountPanel: HTML {
        element("section", .class("panel"), .id("delete-account"), Attribute("aria-labelledby", "delete-account-title")) {
            element("h2", .id("delete-account-title")) { "Delete this account" }
            element("p", .class("small muted")) {
                "Deletes " + organizationName + " with every app, conversation, report, integration and member, for good. "
                    + "The next page says exactly what goes and asks you to confirm."
            }
            element("a", .class("button"), .href(DeleteAccountPage.path)) { "Delete this account…" }
        }
    }
}
