/// The disconnect's second step, drawn by the server so it works without JavaScript: what
/// disconnecting drops, and the button that does it (`confirm=1`).
extension TelegramPage {
    func confirmPanel(_ connection: Connection, token: String) -> HTML {
        let bot = connection.botUsername.map { "@" + $0 } ?? "the bot"
        return element("section", .class("panel confirm"), Attribute("role", "alert"), Attribute("aria-labelledby", "confirm-title")) {
            element("h2", .id("confirm-title")) { "Disconnect " + bot + " from " + appName + "?" }
            element("p") {
                "The connection is revoked at once: pending deliveries ("
                String(connection.pending)
                ") and the topic and member mappings are dropped, and the hub asks Telegram to remove the webhook. "
                "Messages already in the group stay. Connecting again starts with new conversations."
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
