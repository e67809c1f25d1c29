/// The disconnect's second step, drawn by the server so it works without JavaScript: what
/// disconnecting drops, and the button that does it (`confirm=1`).
extension DiscordPage {
    func confirmPanel(_ connection: Connection, token: String) -> HTML {
        let server = connection.guildName.map { "“" + $0 + "”" } ?? "the Discord server"
        return element("section", .class("panel confirm"), Attribute("role", "alert"), Attribute("aria-labelledby", "confirm-title")) {
            element("h2", .id("confirm-title")) { "Disconnect " + server + " from " + appName + "?" }
            element("p") {
                "Synchronization stops at once: pending deliveries ("
                String(connection.pending)
                ") and the thread mappings are removed. Messages already in Discord stay. Connecting again starts with new "
                "conversations."
            }
            element("div", .class("row")) {
                PostForm.make(action: path + "/disconnect", token: token, .class("inline")) {
                    voidElement("input", .type("hidden"), .name("confirm"), .value("1"))
                    element("button", .type("submit"), .class("danger")) { "Disconnect" }
                }
                element("a", .class("button"), .href(path)) { "Cancel" }
            }
        }
    }
}
