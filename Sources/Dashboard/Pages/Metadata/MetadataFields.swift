/// The editable fields in the order the editor shows them, with the words a person knows them
/// by (Apple's "name" is the title on the page), and a draft read back from a posted form.
public enum MetadataFields {
    public static let ordered: [(key: String, label: String)] = [
        ("name", "Title"), ("subtitle", "Subtitle"), ("keywords", "Keywords"), ("promotionalText", "Promotional text"),
        ("description", "Description"), ("whatsNew", "What's new"),
    ]

    public static func label(_ key: String) -> String { ordered.first { $0.key == key }?.label ?? key }

    /// The fields of a posted editor, with the browser's CRLF line breaks made LF again; a field
    /// the form did not carry is absent.
    public static func draft(_ form: FormFields) -> [String: String] {
        var out: [String: String] = [:]
        for (key, _) in ordered {
            if let value = form.raw(key) { out[key] = value.replacingOccurrences(of: "\r\n", with: "\n") }
        }
        return out
    }

    /// The fields whose draft differs from what was loaded, in the editor's order.
    public static func changed(draft: [String: String], expected: [String: String]) -> [String] {
        ordered.map(\.key).filter { key in draft[key].map { $0 != (expected[key] ?? "") } ?? false }
    }

    /// Hidden copies of the draft, for a form that carries it on without showing it.
    @HTMLBuilder static func hidden(_ draft: [String: String]) -> HTML {
        for (key, _) in ordered {
            if let value = draft[key] { voidElement("input", .type("hidden"), .name(key), .value(value)) }
        }
    }
}
