/// The panel's forms for owners and admins: connect or replace (multipart, the `.p8` as a
/// file), the importable apps, and Disconnect after a confirmation drawn by the server.
extension AppStoreConnectPanel {
    @HTMLBuilder func manage(token: String) -> HTML {
        switch state {
        case .connected:
            element("div", .class("row")) {
                element("a", .class("button primary"), .href(Self.path + "/apps")) { "Import apps" }
            }
            element("details", problems.isEmpty ? [] : [Attribute(boolean: "open")]) {
                element("summary") { "Replace the key" }
                connectForm(token: token, button: "Verify and replace")
            }
            if confirmingDisconnect {
                element("div", .class("flash bad"), Attribute("role", "alert")) {
                    element("p") {
                        "Disconnect App Store Connect? The key is forgotten at once. Imported apps stay as projects, "
                            + "but reviews, metadata and prices cannot reach Apple until you connect again."
                    }
                    element("div", .class("row")) {
                        PostForm.make(action: Self.path + "/disconnect", token: token, .class("inline")) {
                            voidElement("input", .type("hidden"), .name("confirm"), .value("1"))
                            element("button", .type("submit"), .class("danger")) { "Disconnect" }
                        }
                        element("a", .class("button"), .href("/dashboard/apps#app-store-connect")) { "Cancel" }
                    }
                }
            } else {
                PostForm.make(action: Self.path + "/disconnect", token: token, .class("inline")) {
                    element("button", .type("submit"), .class("danger")) { "Disconnect" }
                }
            }
        case .notConnected, .unavailable:
            connectForm(token: token, button: "Connect")
        }
    }

    func connectForm(token: String, button: String) -> HTML {
        PostForm.make(action: Self.path, token: token, .class("stack"), multipart: true) {
            LabeledField(
                id: "asc-issuer", label: "Issuer ID", hint: "Users and Access → Integrations → App Store Connect API.",
                problems: problems["issuerId"]
            ).input(
                "issuerId", type: "text", value: draft?.issuerId ?? "", .required, Attribute("autocomplete", "off"),
                Attribute("spellcheck", "false"), Attribute("maxlength", "100"))
            LabeledField(id: "asc-key-id", label: "Key ID", problems: problems["keyId"]).input(
                "keyId", type: "text", value: draft?.keyId ?? "", .required, Attribute("autocomplete", "off"),
                Attribute("spellcheck", "false"), Attribute("maxlength", "100"))
            LabeledField(
                id: "asc-key", label: "Private key (.p8)",
                hint: "The key file Apple let you download once. It is sealed on the hub and never shown again.",
                problems: problems["privateKey"]
            ).input("privateKey", type: "file", Attribute("accept", ".p8,application/x-pem-file,text/plain"), .required)
            element("div", .class("row")) { element("button", .type("submit"), .class("primary")) { button } }
        }
    }
}
