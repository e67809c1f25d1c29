/// The connection's facts, the connect form and the setup steps. The token field is a
/// password input that is never given a value: a refused token leaves nothing in the page.
extension TelegramPage {
    /// How updates reach the hub, and why.
    func modeText(_ mode: String?) -> String {
        switch mode {
        case "webhook": return "Webhook: Telegram posts each update to this hub."
        case "polling" where hasPublicURL: return "Polling: the hub asks Telegram for updates (chosen when connecting)."
        case "polling":
            return "Polling: the hub asks Telegram for updates, because it has no public URL (APPNORTH_PUBLIC_URL) Telegram could post to."
        default: return "Unknown"
        }
    }

    func connectionPanel(_ connection: Connection, token: String) -> HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "connection-title")) {
            element("h2", .id("connection-title")) { "Connection" }
            element("p") { TelegramPage.stateText(connection.state) }
            element("dl", .class("facts")) {
                element("dt") { "Bot" }
                element("dd") {
                    if let bot = connection.botUsername {
                        element("a", .href("https://t.me/" + bot), Attribute("rel", "noopener noreferrer")) { "@" + bot }
                    } else {
                        element("span", .class("muted")) { "Unknown" }
                    }
                }
                element("dt") { "Mode" }
                element("dd") { modeText(connection.mode) }
                element("dt") { "Group" }
                element("dd") {
                    if let group = connection.group {
                        group.title
                    } else {
                        element("span", .class("muted")) { "None chosen yet" }
                    }
                }
                element("dt") { "Pending deliveries" }
                element("dd") { String(connection.pending) }
                if let at = connection.connectedAt {
                    element("dt") { "Connected" }
                    element("dd") { TimeText.html(at) }
                }
            }
            if canManage && !confirmingDisconnect {
                PostForm.make(action: path + "/disconnect", token: token) {
                    element("button", .type("submit"), .class("danger")) { "Disconnect…" }
                }
            } else if !canManage {
                element("p", .class("small muted")) { "Owners and admins change or disconnect the bot." }
            }
        }
    }

    func connectPanel(token: String) -> HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "connect-title")) {
            element("h2", .id("connect-title")) { "Connect a bot" }
            if canConfigure {
                PostForm.make(action: path, token: token) {
                    LabeledField(
                        id: "telegram-token", label: "Bot token",
                        hint: "The token @BotFather gave, such as 123456789:AA…. Sealed on the hub and never shown again.",
                        problems: connectProblems["botToken"]
                    ).input(
                        "botToken", type: "password", .required, Attribute("maxlength", "128"), Attribute("autocomplete", "off"),
                        Attribute("spellcheck", "false"))
                    if hasPublicURL {
                        LabeledField(
                            id: "telegram-mode", label: "How Telegram reaches the hub",
                            hint: "Webhook: Telegram posts each update to this hub's public URL. Polling: the hub asks Telegram.",
                            problems: connectProblems["mode"]
                        ).select(
                            "mode", options: [("webhook", "Webhook (recommended)"), ("polling", "Polling")],
                            selected: modeDraft ?? "webhook")
                    } else {
                        element("p", .class("small muted")) { modeText("polling") }
                        for problem in connectProblems["mode"] { element("p", .class("problems")) { problem } }
                    }
                    element("button", .type("submit"), .class("primary")) {
                        hasPublicURL ? "Save bot and register webhook" : "Save bot and start polling"
                    }
                }
            } else if canManage {
                element("p", .class("muted")) { "No bot is connected." }
            } else {
                element("p", .class("muted")) { "No bot is connected. Owners and admins connect one." }
            }
        }
    }

    /// The seed's setup, in the order a team does it.
    var stepsPanel: HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "steps-title")) {
            element("h2", .id("steps-title")) { "Set up" }
            element("ol", .class("steps")) {
                element("li") {
                    "Open "
                    element("a", .href("https://t.me/BotFather"), Attribute("rel", "noopener noreferrer")) { "@BotFather" }
                    " in Telegram and send "
                    element("code") { "/newbot" }
                    ". Create a dedicated bot for this app and paste its token here. One bot serves one app; connecting "
                        + "replaces any webhook the bot had."
                }
                element("li") {
                    "Create a private group for your support team, enable Topics, add the bot, and make it an administrator "
                        + "with permission to manage topics. Conversations hold your customers' messages: keep the group to the team."
                }
                element("li") { "Send a message in the group, so the bot sees it." }
                element("li") {
                    "Select Refresh groups, then Use this group next to yours. Detecting a group never starts forwarding by itself."
                }
                element("li") {
                    "Start a new conversation from your app: a topic named after the reporter and the app opens with the first "
                        + "message. Reply in the topic as a group administrator (or a mapped member); send "
                    element("code") { "/resolve" }
                    " there to resolve it. Earlier conversations are not copied."
                }
            }
        }
    }
}
