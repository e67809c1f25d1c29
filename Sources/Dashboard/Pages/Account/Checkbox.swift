/// A checkbox with its label and what it does. A form that has one always sends its other
/// fields, so a box left unchecked (which browsers do not send) reads as off.
enum Checkbox {
    static func html(name: String, label: String, hint: String, checked: Bool) -> HTML {
        element("label", .class("choice")) {
            voidElement("input", [.type("checkbox"), .name(name), .value("1")] + (checked ? [.checked] : []))
            element("span") {
                element("span", .class("choice-label")) { label }
                element("span", .class("hint")) { hint }
            }
        }
    }
}
