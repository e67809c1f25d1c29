/// Telegram users mapped to members: their replies are attributed to that member, and they may
/// reply without being a group administrator. There is no matching by name or email.
extension TelegramPage {
    func memberLabel(_ id: String, fallback: String?) -> String {
        memberChoices.first { $0.id == id }?.label ?? fallback ?? id
    }

    func membersPanel(_ connection: Connection, token: String) -> HTML {
        element("section", .class("panel"), .id("members"), Attribute("aria-labelledby", "tg-members-title")) {
            element("h2", .id("tg-members-title")) { "Team members in Telegram" }
            element("p", .class("small muted")) {
                "Group administrators reply as Team. Map a Telegram user to a member to attribute their replies to that "
                    + "member; a mapped user may reply without being an administrator."
            }
            if connection.members.isEmpty {
                element("p", .class("empty")) { "Nobody is mapped." }
            } else {
                element("table", .class("list stacked")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "Telegram user ID" }
                            element("th") { "Member" }
                            if canConfigure { element("th") { element("span", .class("visually-hidden")) { "Actions" } } }
                        }
                    }
                    element("tbody") {
                        for member in connection.members { memberRow(member, token: token) }
                    }
                }
            }
            if canConfigure { mapForm(token: token) }
        }
    }

    func memberRow(_ member: MappedMember, token: String) -> HTML {
        let name = memberLabel(member.memberId, fallback: member.name)
        return element("tr") {
            element("td") { element("code") { member.telegramUserId } }
            element("td", .data("data-label", "Member")) { name }
            if canConfigure {
                element("td") {
                    PostForm.make(action: path + "/members", token: token, .class("inline")) {
                        voidElement("input", .type("hidden"), .name("telegramUserId"), .value(member.telegramUserId))
                        voidElement("input", .type("hidden"), .name("remove"), .value("1"))
                        element("button", .type("submit"), .class("danger"), .label("Remove the mapping of " + name)) { "Remove" }
                    }
                }
            }
        }
    }

    func mapForm(token: String) -> HTML {
        PostForm.make(action: path + "/members", token: token) {
            LabeledField(
                id: "tg-user", label: "Telegram user ID",
                hint: "The numeric ID, such as 123456789 (bots such as @userinfobot tell a user theirs).",
                problems: memberProblems["member.telegramUserId"]
            ).input(
                "telegramUserId", type: "text", value: memberDraft?.telegramUserId ?? "", .required, Attribute("inputmode", "numeric"),
                Attribute("maxlength", "20"), Attribute("autocomplete", "off"))
            LabeledField(id: "tg-member", label: "Member", problems: memberProblems["member.memberId"])
                .select(
                    "memberId", options: [("", "Choose a member")] + memberChoices.map { ($0.id, $0.label) },
                    selected: memberDraft?.memberId ?? "", .required)
            element("button", .type("submit")) { "Map member" }
        }
    }
}
