/// Invitations: the form that makes a link (`POST /dashboard/settings/invitations`, `email`
/// and `role`) and the links that can still be used, each revocable
/// (`…/invitations/{id}/revoke`). With email on the hub emails the link too and each row says
/// how that went; without it the page says the link is theirs to send.
extension SettingsPage {
    func invitationsPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("invitations"), Attribute("aria-labelledby", "invitations-title")) {
            element("h2", .id("invitations-title")) { "Invitations" }
            PostForm.make(action: "/dashboard/settings/invitations", token: token) {
                LabeledField(
                    id: "invite-email", label: "Email",
                    hint: emailOn
                        ? "We email them a link, also shown to you once. It works once and expires after 7 days."
                        : "You get a link to send them. It is shown once, works once and expires after 7 days.",
                    problems: inviteProblems["email"]
                ).input(
                    "email", type: "email", value: inviteDraft.email, .required, Attribute("maxlength", "320"),
                    Attribute("autocomplete", "off"))
                RadioChoices(
                    name: "role", legend: "Role",
                    choices: RoleText.grantable(byOwner: canManageOwners).reversed().map {
                        RadioChoices.Choice(value: $0, label: RoleText.label($0), hint: RoleText.hint($0))
                    },
                    selected: inviteDraft.role, problems: inviteProblems["role"]
                ).html
                element("button", .type("submit"), .class("primary")) { "Create invitation link" }
            }
            element("h3") { "Pending" }
            if invitations.isEmpty {
                element("p", .class("muted small")) { "No pending invitations." }
            } else {
                element("table", .class("list stacked")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "Email" }
                            element("th") { "Role" }
                            element("th", .class("wide")) { "Expires" }
                            element("th", .class("wide")) { "Invited by" }
                            element("th") { element("span", .class("visually-hidden")) { "Actions" } }
                        }
                    }
                    element("tbody") {
                        for invitation in invitations { invitationRow(invitation, token: token) }
                    }
                }
            }
        }
    }

    func invitationRow(_ invitation: Invitation, token: String) -> HTML {
        element("tr") {
            element("td") {
                element("span", .class("subject")) { invitation.email }
                if invitation.kind == "setup" {
                    " "
                    element("span", .class("badge")) { "Setup link" }
                }
                if let state = invitation.emailState, let text = Self.emailText(state) {
                    element("div", .class("small muted")) { text }
                }
            }
            element("td") { RoleText.label(invitation.role) }
            element("td", .class("wide small"), .data("data-label", "Expires")) { TimeText.html(invitation.expiresAt) }
            element("td", .class("wide small muted"), .data("data-label", "Invited by")) { invitation.invitedBy ?? "Command line" }
            element("td") {
                if invitation.role != "owner" || canManageOwners {
                    PostForm.make(
                        action: "/dashboard/settings/invitations/" + invitation.id + "/revoke", token: token,
                        confirm: "Revoke the invitation for " + invitation.email + "? The link stops working at once."
                    ) {
                        element("button", .type("submit"), .class("danger"), .label("Revoke the invitation for " + invitation.email)) {
                            "Revoke"
                        }
                    }
                }
            }
        }
    }

    /// How a row names its email's delivery; nothing while email is off.
    static func emailText(_ state: String) -> String? {
        switch state {
        case "sent": return "Invitation emailed"
        case "queued": return "Sending the email…"
        case "failed": return "The email failed: send the link yourself"
        case "unknown": return "Email state unavailable"
        default: return nil
        }
    }
}
