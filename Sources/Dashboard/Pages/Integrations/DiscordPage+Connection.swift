/// The installation's facts with the test message, the connect button and the setup steps.
/// Connecting is a post: the hub issues a single-use state and sends the browser to Discord.
extension DiscordPage {
    func channelName(_ connection: Connection) -> String? {
        guard let id = connection.channelId else { return nil }
        return connection.channels.first { $0.id == id }.map { "#" + $0.name } ?? id
    }

    func connectionPanel(_ connection: Connection, token: String) -> HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "connection-title")) {
            element("h2", .id("connection-title")) { "Connection" }
            element("p") { DiscordPage.stateText(connection.state) }
            element("dl", .class("facts")) {
                element("dt") { "Server" }
                element("dd") {
                    if let name = connection.guildName ?? connection.guildId {
                        name
                    } else {
                        element("span", .class("muted")) { "Unknown" }
                    }
                }
                element("dt") { "Channel" }
                element("dd") {
                    if let name = channelName(connection) {
                        name
                    } else {
                        element("span", .class("muted")) { "None chosen yet" }
                    }
                }
                element("dt") { "Installed by" }
                element("dd") { installerText(connection.installer) }
                element("dt") { "Pending deliveries" }
                element("dd") { String(connection.pending) }
                if let at = connection.connectedAt {
                    element("dt") { "Connected" }
                    element("dd") { TimeText.html(at) }
                }
            }
            if canConfigure && connection.channelId != nil && !confirmingDisconnect {
                PostForm.make(action: path + "/test", token: token) {
                    element("button", .type("submit")) { "Send a test message" }
                }
            }
            if canManage && !confirmingDisconnect {
                PostForm.make(action: path + "/disconnect", token: token) {
                    element("button", .type("submit"), .class("danger")) { "Disconnect…" }
                }
            } else if !canManage {
                element("p", .class("small muted")) { "Owners and admins change or disconnect the installation." }
            }
        }
    }

    func installerText(_ installer: Installer?) -> HTML {
        guard let installer else { return element("span", .class("muted")) { "Unknown" } }
        let account = installer.username.map { "@" + $0 } ?? installer.discordUserId
        return element("span") {
            account
            if let member = installer.memberName {
                element("span", .class("muted")) { " · replies as " + member }
            } else {
                element("span", .class("muted")) { " · not mapped to a member" }
            }
        }
    }

    func connectPanel(token: String) -> HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "connect-title")) {
            element("h2", .id("connect-title")) { "Connect a server" }
            if canConfigure {
                element("p") {
                    "Discord asks you to choose a server you own or manage and to authorize the AppNorth bot there. "
                        + "You come back here to choose the channel."
                }
                PostForm.make(action: path + "/install", token: token) {
                    element("button", .type("submit"), .class("primary")) { "Connect Discord" }
                }
            } else if canManage {
                element("p", .class("muted")) { "No server is connected." }
            } else {
                element("p", .class("muted")) { "No server is connected. Owners and admins connect one." }
            }
        }
    }

    /// The seed's setup, in the order a team does it.
    var stepsPanel: HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "steps-title")) {
            element("h2", .id("steps-title")) { "Set up" }
            element("ol", .class("steps")) {
                element("li") { "Select Connect Discord as an owner or admin of this organization." }
                element("li") { "Authorize the bot in a server you own or can manage." }
                element("li") {
                    "Choose a text channel and save it. Only channels where the bot has View Channel, Send Messages, "
                        + "Embed Links, Read Message History, Create Public Threads and Send Messages in Threads can be chosen."
                }
                element("li") { "Send a test message." }
                element("li") {
                    "Reply in a conversation's thread: while the conversation is open, your message reaches the app as a team "
                        + "reply. The installer's replies are attributed to them; others need View Channel and Manage "
                        + "Messages on the channel and reply as Team."
                }
            }
            element("p", .class("small muted")) {
                "Use a channel restricted to your support team: threads hold your customers' messages and may include an email "
                    + "address. To move to another channel or server, disconnect first. Earlier conversations are not copied."
            }
        }
    }
}
