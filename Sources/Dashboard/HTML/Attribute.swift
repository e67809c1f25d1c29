/// One attribute of an element. Names are static strings of this program; values are escaped
/// when written, and a URL attribute (`href`, `src`, `action`, `formaction`, `poster`) only
/// keeps a value that is a path on this site, a fragment, or an `http`/`https` URL: anything
/// else (`javascript:`, `data:`) becomes `#`.
public struct Attribute: Sendable, Equatable {
    let name: StaticString
    /// nil for a boolean attribute written by its name alone (`disabled`).
    let value: String?

    public init(_ name: StaticString, _ value: String) {
        self.name = name
        self.value = Attribute.urlNames.contains(name.description) ? Attribute.safeURL(value) : value
    }

    init(boolean name: StaticString) {
        self.name = name
        value = nil
    }

    public static func == (a: Attribute, b: Attribute) -> Bool { a.name.description == b.name.description && a.value == b.value }

    static let urlNames: Set<String> = ["href", "src", "action", "formaction", "poster"]

    static func safeURL(_ value: String) -> String {
        let lower = value.prefix(8).lowercased()
        if value.hasPrefix("/") && !value.hasPrefix("//") { return value }
        if value.hasPrefix("#") || value.hasPrefix("?") { return value }
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return value }
        // An email draft opens the member's mail program; it runs nothing in the page.
        if lower.hasPrefix("mailto:") { return value }
        return "#"
    }

    var markup: String {
        guard let value else { return " " + name.description }
        return " " + name.description + "=\"" + HTML.escape(value) + "\""
    }
}

extension Attribute {
    public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func label(_ value: String) -> Attribute { Attribute("aria-label", value) }
    public static func data(_ name: StaticString, _ value: String) -> Attribute { Attribute(name, value) }
    public static let disabled = Attribute(boolean: "disabled")
    public static let required = Attribute(boolean: "required")
    public static let checked = Attribute(boolean: "checked")
    public static let selected = Attribute(boolean: "selected")
    public static let autofocus = Attribute(boolean: "autofocus")
    public static let multiple = Attribute(boolean: "multiple")
    public static let hidden = Attribute(boolean: "hidden")
}
