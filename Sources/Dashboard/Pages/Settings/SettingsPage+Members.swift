/// The members table. Who may change whom follows the role rules: owners and admins manage
/// members, only owners touch owners, nobody changes their own membership here, and the last
/// owner keeps the role (the hub answers `LAST_OWNER` otherwise).
extension SettingsPage {
    var ownerCount: Int { members.filter { $0.role == "owner" }.count }

    func isLastOwner(_ member: Member) -> Bool { member.role == "owner" && ownerCount == 1 }

    /// Whether the viewer may change this member's role or remove them.
    func canManage(_ member: Member) -> Bool {
        canManageMembers && !member.isYou && (member.role != "owner" || canManageOwners) && !isLastOwner(member)
    }

    func membersPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("members"), Attribute("aria-labelledby", "members-title")) {
            element("div", .class("row")) {
                element("h2", .id("members-title")) { "Members" }
                element("span", .class("muted small")) { String(members.count) }
            }
            if members.isEmpty {
                element("p", .class("empty")) { "No members yet." }
            } else {
                element("table", .class("list stacked")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "Member" }
                            element("th") { "Role" }
                            element("th", .class("wide")) { "Last signed in" }
                            if canManageMembers { element("th") { element("span", .class("visually-hidden")) { "Actions" } } }
                        }
                    }
                    element("tbody") {
                        for member in members { memberRow(member, token: token) }
                    }
                }
            }
        }
    }

    func memberRow(_ member: Member, token: String) -> HTML {
        let manageable = canManage(member)
        let shownName = member.name.isEmpty ? member.email : member.name
        return element("tr") {
            element("td") {
                element("span", .class("subject")) { shownName }
                if member.isYou {
                    " "
                    element("span", .class("badge accent")) { "You" }
                }
                element("div", .class("small muted")) { member.email }
            }
            element("td") {
                if manageable {
                    PostForm.make(action: "/dashboard/settings/members/" + member.id, token: token, .class("inline")) {
                        element("select", .name("role"), .label("Role of " + shownName)) {
                            for role in RoleText.grantable(byOwner: canManageOwners) {
                                element("option", role == member.role ? [.value(role), .selected] : [.value(role)]) { RoleText.label(role) }
                            }
                        }
                        element("button", .type("submit")) { "Change" }
                    }
                } else {
                    element("span", .class(member.role == "member" ? "badge" : "badge accent")) { RoleText.label(member.role) }
                    if canManageMembers && isLastOwner(member) {
                        element("div", .class("small muted")) { "The only owner: make someone else owner first." }
                    }
                }
            }
            element("td", .class("wide small"), .data("data-label", "Last signed in")) {
                if let at = member.lastSignedInAt {
                    TimeText.html(at)
                } else {
                    element("span", .class("muted")) { "Never" }
                }
            }
            if canManageMembers {
                element("td") {
                    if manageable {
                        PostForm.make(
                            action: "/dashboard/settings/members/" + member.id + "/remove", token: token,
                            confirm: "Remove " + shownName + "? Their sessions and API tokens stop working at once."
                        ) {
                            element("button", .type("submit"), .class("danger"), .label("Remove " + shownName)) { "Remove" }
                        }
                    }
                }
            }
        }
    }
}
