/// How the pages name a project's chat mode (`disabled`, `identified`, `anyone`) and what each
/// one means for the people using the app.
enum ChatModeText {
    static let all = ["disabled", "identified", "anyone"]

    static func label(_ mode: String) -> String {
        switch mode {
        case "disabled": return "Off"
        case "identified": return "Verified users"
        case "anyone": return "Anyone"
        default: return mode
        }
    }

    static func explanation(_ mode: String) -> String {
        switch mode {
        case "disabled": return "The chat screen says support is unavailable; nobody can start a conversation."
        case "identified": return "Only users your backend signed in with a verified identity can chat. Needs the identity secret."
        case "anyone": return "Everyone using the app can chat, signed in or anonymous."
        default: return ""
        }
    }

    /// The three modes as radio buttons, each explained.
    static func choices(selected: String, problems: [String]) -> HTML {
        RadioChoices(
            name: "chatMode", legend: "Chat", choices: all.map { RadioChoices.Choice(value: $0, label: label($0), hint: explanation($0)) },
            selected: selected, problems: problems
        ).html
    }

    static func badge(_ mode: String) -> HTML {
        element("span", .class(mode == "disabled" ? "badge" : mode == "anyone" ? "badge ok" : "badge accent")) { "Chat: " + label(mode) }
    }
}
