/// The group the bot posts to and the groups it was seen in. Choosing one is the operator's
/// decision: a detected group is only offered, never used by itself.
extension TelegramPage {
    func groupsPanel(_ connection: Connection, token: String) -> HTML {
        element("section", .class("panel"), .id("groups"), Attribute("aria-labelledby", "groups-title")) {
            element("div", .class("row")) {
                element("h2", .id("groups-title")) { "Groups" }
                element("span", .class("spacer"))
                // A link to the page itself: following it asks pushd again (a fragment alone would not reload).
                element("a", .class("button"), .href(path)) { "Refresh groups" }
            }
            for problem in groupProblems["groupId"] { element("p", .class("flash bad"), Attribute("role", "alert")) { problem } }
            if connection.detectedGroups.isEmpty {
                element("p", .class("empty")) {
                    "No group detected yet. Add the bot to your team's group, send a message there, then refresh."
                }
            } else {
                element("table", .class("list stacked")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "Group" }
                            element("th") { "Topics" }
                            element("th") { element("span", .class("visually-hidden")) { "Actions" } }
                        }
                    }
                    element("tbody") {
                        for group in connection.detectedGroups { groupRow(group, chosen: connection.group?.id == group.id, token: token) }
                    }
                }
            }
        }
    }

    func groupRow(_ group: Group, chosen: Bool, token: String) -> HTML {
        element("tr") {
            element("td") {
                element("span", .class("subject")) { group.title }
                element("div", .class("small muted mono")) { group.id }
            }
            element("td", .data("data-label", "Topics")) {
                if group.isForum {
                    element("span", .class("badge ok")) { "On" }
                } else {
                    element("span", .class("badge warn")) { "Off" }
                    element("div", .class("small muted")) { "Replies to the hub's messages are used instead of topics." }
                }
            }
            element("td") {
                if chosen {
                    element("span", .class("badge accent")) { "In use" }
                } else if canConfigure {
                    PostForm.make(action: path + "/group", token: token, .class("inline")) {
                        voidElement("input", .type("hidden"), .name("groupId"), .value(group.id))
                        element("button", .type("submit"), .class("primary"), .label("Use " + group.title)) { "Use this group" }
                    }
                }
            }
        }
    }
}
