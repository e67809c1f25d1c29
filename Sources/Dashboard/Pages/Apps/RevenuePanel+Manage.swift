/// The RevenueCat panel's forms, for owners and admins: Connect (or Change key) with the secret
/// key, the project choice after `PROJECT_REQUIRED`, and Disconnect after a confirmation.
extension RevenuePanel {
    @HTMLBuilder func manage(appPath: String, token: String) -> HTML {
        switch state {
        case .connected:
            element("details", problems.isEmpty && choices.isEmpty ? [] : [Attribute(boolean: "open")]) {
                element("summary") { "Change key" }
                connectForm(appPath: appPath, token: token, button: "Verify and replace")
            }
            if confirmingDisconnect {
                element("div", .class("flash bad"), Attribute("role", "alert")) {
                    element("p") {
                        "Disconnect RevenueCat from this app? The key is forgotten at once and no new snapshots are taken; "
                            + "the snapshots collected so far stay as history."
                    }
                    element("div", .class("row")) {
                        PostForm.make(action: appPath + "/revenuecat/disconnect", token: token, .class("inline")) {
                            voidElement("input", .type("hidden"), .name("confirm"), .value("1"))
                            element("button", .type("submit"), .class("danger")) { "Disconnect" }
                        }
                        element("a", .class("button"), .href(appPath + "#revenuecat")) { "Cancel" }
                    }
                }
            } else {
                // The second step is drawn by the server, so the confirmation works without JavaScript.
                PostForm.make(action: appPath + "/revenuecat/disconnect", token: token, .class("inline")) {
                    element("button", .type("submit"), .class("danger")) { "Disconnect" }
                }
            }
        case .notConnected:
            connectForm(appPath: appPath, token: token, button: choices.isEmpty ? "Connect" : "Connect this project")
        case .unavailable:
            HTML.empty
        }
    }

    func connectForm(appPath: String, token: String, button: String) -> HTML {
        PostForm.make(action: appPath + "/revenuecat", token: token, .class("stack")) {
            LabeledField(
                id: "revenuecat-key", label: "Secret API key (v2)",
                hint: choices.isEmpty
                    ? "A secret key (sk_…) with access to the project and charts_metrics:overview:read. Not the public SDK key your app ships."
                    : "Paste the key again: the hub does not keep it until the connection is saved.",
                problems: problems["secretKey"]
            ).input("secretKey", type: "password", Attribute("autocomplete", "off"), .required, Attribute("spellcheck", "false"))
            if !choices.isEmpty {
                RadioChoices(
                    name: "projectId", legend: "This key sees several RevenueCat projects. Choose this app's:",
                    choices: choices.map { RadioChoices.Choice(value: $0.id, label: $0.name, hint: $0.id) }, selected: nil,
                    problems: problems["projectId"]
                ).html
            }
            element("div", .class("row")) { element("button", .type("submit"), .class("primary")) { button } }
        }
    }
}
