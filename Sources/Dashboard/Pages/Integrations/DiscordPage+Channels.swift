/// The server's channels: the eligible ones in the select (until one is in use, or again while
/// the installation needs attention), the others listed, greyed, with the reason the bot cannot
/// use them, so a team knows what to fix in Discord.
extension DiscordPage {
    static func reasonText(_ reason: String?) -> String {
        switch reason {
        case "NOT_A_TEXT_CHANNEL": return "Not a text channel: forum, media, announcement and voice channels are not supported."
        case "MISSING_PERMISSIONS":
            return "The bot lacks a permission here (View Channel, Send Messages, Embed Links, Read Message History, "
                + "Create Public Threads or Send Messages in Threads)."
        case let other?: return other
        case nil: return "Not usable by the bot."
        }
    }

    func channelsPanel(_ connection: Connection, token: String) -> HTML {
        let eligible = connection.channels.filter(\.eligible)
        let others = connection.channels.filter { !$0.eligible }
        return element("section", .class("panel"), .id("channels"), Attribute("aria-labelledby", "channels-title")) {
            element("div", .class("row")) {
                element("h2", .id("channels-title")) { "Channel" }
                element("span", .class("spacer"))
                // The page itself: following it asks Discord for the channels again.
                element("a", .class("button"), .href(path)) { "Refresh channels" }
            }
            if let name = channelName(connection), connection.state == .active {
                // Moving threads between channels is not supported: the seed's way is to disconnect first.
                element("p") { "The bot posts in " + name + ". To move to another channel or server, disconnect first." }
            } else if canConfigure && !confirmingDisconnect {
                if eligible.isEmpty {
                    element("p", .class("empty")) {
                        "No channel the bot can use. Give the bot the permissions below on a text channel, then refresh."
                    }
                } else {
                    PostForm.make(action: path + "/channel", token: token) {
                        LabeledField(
                            id: "discord-channel", label: "Channel the bot posts to",
                            hint: "A new conversation or report starts a thread here.", problems: channelProblems["channelId"]
                        ).select(
                            "channelId", options: eligible.map { ($0.id, "#" + $0.name) },
                            selected: connection.channelId ?? eligible.first?.id)
                        element("button", .type("submit"), .class("primary")) { "Save channel" }
                    }
                }
            } else if eligible.isEmpty && others.isEmpty {
                element("p", .class("empty")) { "No channels to show." }
            }
            if !others.isEmpty {
                element("h3", .class("small")) { "Channels the bot cannot use" }
                element("ul", .class("unusable")) {
                    for channel in others {
                        element("li", .class("muted")) {
                            element("span", .class("subject")) { "#" + channel.name }
                            element("div", .class("small")) { DiscordPage.reasonText(channel.reason) }
                        }
                    }
                }
            }
        }
    }
}
