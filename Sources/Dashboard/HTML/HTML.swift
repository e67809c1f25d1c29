import HubRuntime

/// Markup that is safe to send: every piece of text in it went through `HTML.escape`, and the
/// only unescaped parts are the builder's own tags and attribute names, which are static
/// strings in the source. A page is one `HTML` value built with `HTMLBuilder`; there is no
/// way to put a runtime string into it without escaping it.
public struct HTML: Sendable, Equatable {
    public private(set) var markup: String

    public static let empty = HTML(markup: "")

    /// Text content, escaped.
    public static func text(_ text: String) -> HTML { HTML(markup: escape(text)) }

    /// Markup written in this program's source: an entity, a doctype, an inline SVG icon.
    public static func trusted(_ markup: StaticString) -> HTML { HTML(markup: markup.description) }

    public mutating func append(_ other: HTML) { markup += other.markup }

    /// `&`, `<`, `>`, `"` and `'` as character references (`HTMLText.escape`, which emails use too).
    public static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
