/// The identity secret and APNs key panels. Both are credentials: owners and admins create,
/// rotate, upload and remove them; everyone else only sees whether they are set. Neither
/// value is ever shown after the response that created it (the secret), or at all (the key).
extension AppPage {
    func newSecretPanel(_ secret: String) -> HTML {
        element("section", .class("panel reveal"), Attribute("role", "status"), Attribute("aria-labelledby", "new-secret-title")) {
            element("h2", .id("new-secret-title")) { "Your new identity secret" }
            element("p") {
                "Copy it now into your backend's environment, next to the Project ID: it is shown only this once. "
                    + "Signatures made with any earlier secret stopped working."
            }
            element("pre", .class("block secret"), .label("Identity secret")) { secret }
        }
    }

    func identityPanel(token: String) -> HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "identity-title")) {
            element("div", .class("row")) {
                element("h2", .id("identity-title")) { "Identity secret" }
                element("span", .class("spacer"))
                identityConfigured ? element("span", .class("badge ok")) { "Set" } : element("span", .class("badge warn")) { "Not set" }
            }
            element("p", .class("small muted")) {
                "Your backend signs each signed-in user's email with it, so the hub can trust who is chatting or reporting. "
                    + "Keep it on the backend; never ship it in the app."
            }
            if canManageCredentials {
                if identityConfigured {
                    PostForm.make(
                        action: path + "/identity-secret", token: token,
                        confirm: "Rotate the identity secret? Signatures made with the current one stop working at once."
                    ) {
                        element("button", .type("submit"), .class("danger")) { "Rotate secret" }
                    }
                } else {
                    PostForm.make(action: path + "/identity-secret", token: token) {
                        element("button", .type("submit"), .class("primary")) { "Create secret" }
                    }
                }
            } else {
                element("p", .class("small muted")) { "Owners and admins create and rotate it." }
            }
            element("details") {
                element("summary", .class("small")) { "How your backend signs" }
                element("p", .class("small")) { "HMAC-SHA256 with the secret, as lowercase hex, of these lines joined by \\n:" }
                element("pre", .class("block")) {
                    "v1\n" + projectId + "\n<expiresAt, Unix seconds, at most 24 h ahead>\n<email, trimmed, lowercased>"
                }
            }
        }
    }

    func pushPanel(token: String) -> HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "push-title")) {
            element("div", .class("row")) {
                element("h2", .id("push-title")) { "Push notifications" }
                element("span", .class("spacer"))
                switch push {
                case .configured: element("span", .class("badge ok")) { "Set" }
                case .notConfigured: element("span", .class("badge warn")) { "Not set" }
                case .unavailable: element("span", .class("badge")) { "Unknown" }
                }
            }
            switch push {
            case .configured(let key):
                element("dl", .class("facts")) {
                    element("dt") { "Key ID" }
                    element("dd") { element("code") { key.keyId } }
                    element("dt") { "Team ID" }
                    element("dd") { element("code") { key.teamId } }
                    element("dt") { "Bundle ID" }
                    element("dd") { element("code") { key.bundleId } }
                    element("dt") { "Environment" }
                    element("dd") { PushEnvironmentText.label(key.environment) }
                    element("dt") { "Uploaded" }
                    element("dd") { TimeText.html(key.updatedAt) }
                }
                if canManageCredentials {
                    element("details", pushProblems.isEmpty ? [] : [Attribute(boolean: "open")]) {
                        element("summary") { "Replace the key" }
                        uploadForm(
                            token: token,
                            draft: pushDraft
                                ?? PushDraft(keyId: key.keyId, teamId: key.teamId, bundleId: key.bundleId, environment: key.environment))
                    }
                    PostForm.make(
                        action: path + "/push-credentials/delete", token: token,
                        confirm: "Remove the APNs key? Replies stop reaching devices as notifications."
                    ) {
                        element("button", .type("submit"), .class("danger")) { "Remove key" }
                    }
                }
            case .notConfigured:
                element("p", .class("small muted")) {
                    "Upload the app's APNs key (.p8) so team replies reach users as notifications. Without it they see replies only "
                        + "while the chat is open."
                }
                if canManageCredentials {
                    uploadForm(
                        token: token, draft: pushDraft ?? PushDraft(keyId: "", teamId: "", bundleId: bundleId ?? "", environment: ""))
                }
            case .unavailable:
                element("p", .class("flash info")) { "The push service did not answer, so the key's state is unknown. Reload in a moment." }
            }
            if !canManageCredentials && push != .unavailable {
                element("p", .class("small muted")) { "Owners and admins upload and remove the key." }
            }
        }
    }

    /// `POST …/push-credentials`, multipart: the `.p8` file as `privateKey`, `keyId`, `teamId`,
    /// `bundleId`, `environment` (field names as the operator API's, so its problems land on them).
    func uploadForm(token: String, draft: PushDraft) -> HTML {
        PostForm.make(action: path + "/push-credentials", token: token, multipart: true) {
            LabeledField(
                id: "push-key", label: "APNs key (.p8)",
                hint: "Sealed on the hub and never shown again, not even here.", problems: pushProblems["privateKey"]
            ).input("privateKey", type: "file", .required, Attribute("accept", ".p8"))
            LabeledField(id: "push-key-id", label: "Key ID", hint: "10 characters, A–Z and 0–9.", problems: pushProblems["keyId"])
                .input(
                    "keyId", type: "text", value: draft.keyId, .required, Attribute("maxlength", "10"),
                    Attribute("pattern", "[A-Z0-9]{10}"),
                    Attribute("autocomplete", "off"), Attribute("spellcheck", "false"))
            LabeledField(id: "push-team-id", label: "Team ID", hint: "10 characters, A–Z and 0–9.", problems: pushProblems["teamId"])
                .input(
                    "teamId", type: "text", value: draft.teamId, .required, Attribute("maxlength", "10"),
                    Attribute("pattern", "[A-Z0-9]{10}"),
                    Attribute("autocomplete", "off"), Attribute("spellcheck", "false"))
            LabeledField(
                id: "push-bundle-id", label: "Bundle ID",
                hint: "Such as com.example.app. A new bundle ID removes the devices registered so far.",
                problems: pushProblems["bundleId"]
            ).input(
                "bundleId", type: "text", value: draft.bundleId, .required, Attribute("maxlength", "155"), Attribute("spellcheck", "false"))
            RadioChoices(
                name: "environment", legend: "Environment",
                choices: PushEnvironmentText.all.map {
                    RadioChoices.Choice(value: $0, label: PushEnvironmentText.label($0), hint: PushEnvironmentText.hint($0))
                },
                selected: draft.environment, problems: pushProblems["environment"]
            ).html
            element("button", .type("submit"), .class("primary")) { "Upload key" }
        }
    }
}
