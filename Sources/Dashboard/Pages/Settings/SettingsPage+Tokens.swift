/// API tokens for the operator API and MCP: the form (`POST /dashboard/settings/tokens`,
/// `name` and `scope`), the live tokens with who made them and when they were last used, each
/// revocable (`…/tokens/{id}/revoke`), and the revoked ones folded away.
extension SettingsPage {
    static let scopeHints = [
        "read": "Reads and previews.",
        "write": "Also changes things, while you are an owner or admin; it acts with your role.",
    ]

    func tokensPanel(token: String) -> HTML {
        let live = tokens.filter { $0.revokedAt == nil }
        let revoked = tokens.filter { $0.revokedAt != nil }
        return element("section", .class("panel"), .id("tokens"), Attribute("aria-labelledby", "tokens-title")) {
            element("h2", .id("tokens-title")) { "API tokens" }
            element("p", .class("small muted")) {
                "For scripts, CI and AI assistants over MCP. A token's value is shown once, when it is made."
            }
            PostForm.make(action: "/dashboard/settings/tokens", token: token) {
                LabeledField(id: "token-name", label: "Name", hint: "What uses it, up to 100 characters.", problems: tokenProblems["name"])
                    .input(
                        "name", type: "text", value: tokenDraft.name, .required, Attribute("maxlength", "100"),
                        Attribute("autocomplete", "off"))
                RadioChoices(
                    name: "scope", legend: "Scope",
                    choices: ["read", "write"].map {
                        RadioChoices.Choice(value: $0, label: $0 == "read" ? "Read" : "Write", hint: SettingsPage.scopeHints[$0] ?? "")
                    },
                    selected: tokenDraft.scope, problems: tokenProblems["scope"]
                ).html
                element("button", .type("submit"), .class("primary")) { "Create token" }
            }
            if live.isEmpty {
                element("p", .class("muted small")) { "No active tokens." }
            } else {
                tokenTable(live, token: token)
            }
            if !revoked.isEmpty {
                element("details") {
                    element("summary", .class("small")) { revoked.count == 1 ? "1 revoked token" : "\(revoked.count) revoked tokens" }
                    tokenTable(revoked, token: token)
                }
            }
        }
    }

    func tokenTable(_ rows: [Token], token: String) -> HTML {
        element("table", .class("list stacked")) {
            element("thead") {
                element("tr") {
                    element("th") { "Token" }
                    element("th") { "Scope" }
                    element("th", .class("wide")) { "Made by" }
                    element("th", .class("wide")) { "Created" }
                    element("th") { "Last used" }
                    element("th") { element("span", .class("visually-hidden")) { "Actions" } }
                }
            }
            element("tbody") {
                for row in rows { tokenRow(row, token: token) }
            }
        }
    }

    func tokenRow(_ row: Token, token: String) -> HTML {
        element("tr") {
            element("td") {
                element("span", .class("subject")) { row.name }
                element("div", .class("small muted")) { element("code") { row.prefix + "…" } }
            }
            element("td") {
                element("span", .class(row.scope == "write" ? "badge accent" : "badge")) { row.scope == "write" ? "Write" : "Read" }
            }
            element("td", .class("wide small"), .data("data-label", "Made by")) { authorText(row) }
            element("td", .class("wide small"), .data("data-label", "Created")) { TimeText.html(row.createdAt) }
            element("td", .class("small"), .data("data-label", "Last used")) {
                if let used = row.lastUsedAt { TimeText.html(used) } else { element("span", .class("muted")) { "Never" } }
            }
            element("td") {
                if let revokedAt = row.revokedAt {
                    element("span", .class("badge")) { "Revoked" }
                    element("div", .class("small muted")) { TimeText.html(revokedAt) }
                } else {
                    PostForm.make(
                        action: "/dashboard/settings/tokens/" + row.id + "/revoke", token: token,
                        confirm: "Revoke “" + row.name + "”? Anything using it is refused from its next request."
                    ) {
                        element("button", .type("submit"), .class("danger"), .label("Revoke " + row.name)) { "Revoke" }
                    }
                }
            }
        }
    }

    /// Who the token acts as, and the states in which it is refused.
    @HTMLBuilder func authorText(_ row: Token) -> HTML {
        switch row.author {
        case .member(let name, let role):
            name + " · " + RoleText.label(role)
            if row.scope == "write" && role == "member" && row.revokedAt == nil {
                element("div") { element("span", .class("badge warn")) { "Writes refused: a member's token may only read" } }
            }
        case .removed:
            element("span", .class("badge bad")) { "Author left: refused" }
        case .organization:
            element("span", .class("muted")) { "Organization (acts as owner)" }
        }
    }
}
