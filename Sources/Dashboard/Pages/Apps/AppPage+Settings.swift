/// The settings panel: a form for owners and admins (`POST /dashboard/apps/{id}` with `name`,
/// `allowedOrigins` one a line, `chatMode`, `languages` separated by commas,
/// `automaticReviewRequests=1` and `watermark=1` when checked), the same values as facts for
/// everyone else.
extension AppPage {
    static let reviewRequestsHint =
        "When the team resolves a conversation as a positive experience, the user gets a card asking for an "
        + "App Store review. Other resolutions never send one."

    func settingsPanel(token: String) -> HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "settings-title")) {
            element("h2", .id("settings-title")) { "Settings" }
            if canManageApps { settingsForm(token: token) } else { settingsFacts }
        }
    }

    func settingsForm(token: String) -> HTML {
        PostForm.make(action: path, token: token) {
            LabeledField(id: "settings-name", label: "Name", hint: "Up to 100 characters.", problems: settingsProblems["name"])
                .input(
                    "name", type: "text", value: settings.name, .required, Attribute("maxlength", "100"), Attribute("autocomplete", "off"))
            LabeledField(
                id: "settings-origins", label: "Allowed origins",
                hint: "One a line, as scheme://host[:port] without a path; up to 50. "
                    + "Reports and community writes must come with one of these; chat refuses any other.",
                problems: settingsProblems["allowedOrigins"]
            ).textarea(
                "allowedOrigins", value: settings.allowedOrigins.joined(separator: "\n"), rows: max(3, settings.allowedOrigins.count + 1),
                Attribute("spellcheck", "false"))
            ChatModeText.choices(selected: settings.chatMode, problems: settingsProblems["chatMode"])
            LabeledField(
                id: "settings-languages", label: "Languages",
                hint: "Language tags such as en, es or pt-BR, separated by commas; 1 to 20.",
                problems: settingsProblems["languages"]
            ).input("languages", type: "text", value: settings.languages.joined(separator: ", "), Attribute("spellcheck", "false"))
            element("fieldset", .class("choices")) {
                element("legend") { "Options" }
                Checkbox.html(
                    name: "automaticReviewRequests", label: "Automatic review requests", hint: AppPage.reviewRequestsHint,
                    checked: settings.automaticReviewRequests)
                Checkbox.html(
                    name: "watermark", label: "Watermark", hint: "Show “Powered by AppNorth” in the SDK's screens.",
                    checked: settings.watermark)
            }
            element("button", .type("submit"), .class("primary")) { "Save settings" }
        }
    }

    var settingsFacts: HTML {
        HTMLBuilder.join([
            element("dl", .class("facts")) {
                element("dt") { "Allowed origins" }
                element("dd") {
                    if settings.allowedOrigins.isEmpty {
                        element("span", .class("muted")) { "None" }
                    } else {
                        for origin in settings.allowedOrigins { element("div") { element("code") { origin } } }
                    }
                }
                element("dt") { "Chat" }
                element("dd") { ChatModeText.label(settings.chatMode) + ": " + ChatModeText.explanation(settings.chatMode) }
                element("dt") { "Languages" }
                element("dd") { settings.languages.isEmpty ? "—" : settings.languages.joined(separator: ", ") }
                element("dt") { "Automatic review requests" }
                element("dd") { settings.automaticReviewRequests ? "On" : "Off" }
                element("dt") { "Watermark" }
                element("dd") { settings.watermark ? "Shown" : "Hidden" }
            },
            element("p", .class("small muted")) { "Owners and admins change these settings." },
        ])
    }
}
