/// A set of radio buttons in a fieldset, each choice with a line saying what it means: the
/// choices on these pages (chat mode, token scope, role, APNs environment) are decisions a
/// person should not have to look up.
struct RadioChoices {
    struct Choice {
        let value: String
        let label: String
        let hint: String
    }

    let name: String
    let legend: String
    let choices: [Choice]
    let selected: String?
    var problems: [String] = []

    var html: HTML {
        element("fieldset", .class("choices")) {
            element("legend") { legend }
            for choice in choices {
                element("label", .class("choice")) {
                    voidElement(
                        "input",
                        [.type("radio"), .name(name), .value(choice.value), .required] + (choice.value == selected ? [.checked] : []))
                    element("span") {
                        element("span", .class("choice-label")) { choice.label }
                        if !choice.hint.isEmpty { element("span", .class("hint")) { choice.hint } }
                    }
                }
            }
            if !problems.isEmpty {
                element("div", .class("problems"), Attribute("role", "alert")) {
                    for problem in problems { element("div") { problem } }
                }
            }
        }
    }
}
