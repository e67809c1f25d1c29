/// One control of a form with its label, hint and problems, tied together for screen readers
/// (`for`, `aria-describedby`, `aria-invalid`), so a field that was refused says why where
/// the person is looking.
struct LabeledField {
    let id: String
    let label: String
    var hint: String? = nil
    var problems: [String] = []

    /// What the control needs to be found by its label and to announce its hint and problems.
    var controlAttributes: [Attribute] {
        var out: [Attribute] = [.id(id)]
        var describedBy: [String] = []
        if !problems.isEmpty {
            describedBy.append(id + "-problems")
            out.append(Attribute("aria-invalid", "true"))
        }
        if hint != nil { describedBy.append(id + "-hint") }
        if !describedBy.isEmpty { out.append(Attribute("aria-describedby", describedBy.joined(separator: " "))) }
        return out
    }

    func html(control: ([Attribute]) -> HTML) -> HTML {
        element("div", .class("field")) {
            element("label", Attribute("for", id)) { label }
            control(controlAttributes)
            if !problems.isEmpty {
                element("div", .class("problems"), .id(id + "-problems")) {
                    for problem in problems { element("div") { problem } }
                }
            }
            if let hint { element("div", .class("hint"), .id(id + "-hint")) { hint } }
        }
    }

    /// An `<input>`; `value` is left out for passwords, which are never sent back.
    func input(_ name: String, type: String, value: String? = nil, _ extra: Attribute...) -> HTML {
        input(name, type: type, value: value, attributes: extra)
    }

    func input(_ name: String, type: String, value: String? = nil, attributes extra: [Attribute]) -> HTML {
        html { tied in
            var attributes: [Attribute] = [.type(type), .name(name)]
            if let value, type != "password" { attributes.append(.value(value)) }
            return voidElement("input", attributes + tied + extra)
        }
    }

    func textarea(_ name: String, value: String, rows: Int, _ extra: Attribute...) -> HTML {
        html { tied in
            element("textarea", [.name(name), Attribute("rows", String(rows))] + tied + extra) { value }
        }
    }

    /// A `<select>` of `(value, label)` pairs with `selected` chosen.
    func select(_ name: String, options: [(String, String)], selected: String?, _ extra: Attribute...) -> HTML {
        html { tied in
            element("select", [.name(name)] + tied + extra) {
                for (value, label) in options {
                    element("option", value == selected ? [.value(value), .selected] : [.value(value)]) { label }
                }
            }
        }
    }
}
