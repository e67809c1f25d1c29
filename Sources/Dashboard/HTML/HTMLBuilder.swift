/// Builds `HTML` from Swift: a `String` is text (escaped), an `HTML` is markup, and `if`,
/// `for` and optionals work as in any result builder.
///
///     element("p", .class("meta")) { "Sent by "; element("strong") { sender } }
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ text: String) -> HTML { .text(text) }
    public static func buildExpression(_ html: HTML) -> HTML { html }
    public static func buildExpression(_ parts: [HTML]) -> HTML { join(parts) }
    public static func buildBlock(_ parts: HTML...) -> HTML { join(parts) }
    public static func buildArray(_ parts: [HTML]) -> HTML { join(parts) }
    public static func buildOptional(_ part: HTML?) -> HTML { part ?? .empty }
    public static func buildEither(first: HTML) -> HTML { first }
    public static func buildEither(second: HTML) -> HTML { second }
    public static func buildLimitedAvailability(_ part: HTML) -> HTML { part }

    static func join(_ parts: [HTML]) -> HTML {
        var out = HTML.empty
        for part in parts { out.append(part) }
        return out
    }
}

/// An element with content: `<tag attributes>content</tag>`.
public func element(_ tag: StaticString, _ attributes: Attribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    element(tag, attributes, content: content)
}

public func element(_ tag: StaticString, _ attributes: [Attribute], @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    var markup = "<" + tag.description
    for attribute in attributes { markup += attribute.markup }
    markup += ">"
    markup += content().markup
    markup += "</" + tag.description + ">"
    return HTML(markup: markup)
}

/// An element without content or end tag: `<input …>`, `<img …>`, `<meta …>`, `<link …>`.
public func voidElement(_ tag: StaticString, _ attributes: Attribute...) -> HTML { voidElement(tag, attributes) }

public func voidElement(_ tag: StaticString, _ attributes: [Attribute]) -> HTML {
    var markup = "<" + tag.description
    for attribute in attributes { markup += attribute.markup }
    return HTML(markup: markup + ">")
}
