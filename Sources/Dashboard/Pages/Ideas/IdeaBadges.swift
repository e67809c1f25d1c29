/// The small marks of an idea: its status with the board's color, pinned, its moderation
/// state, and counts in words.
enum IdeaBadges {
    /// The status label after a dot of its color. The color is drawn by SVG's `fill`
    /// attribute, since the Content-Security-Policy forbids inline styles; a value that is not
    /// `#RRGGBB` draws the dot in the text's color instead.
    static func status(_ status: IdeaStatus?) -> HTML {
        guard let status else { return element("span", .class("badge")) { "No status" } }
        return element("span", .class("badge status")) {
            swatch(status.color)
            status.label
        }
    }

    static func swatch(_ color: String) -> HTML {
        element(
            "svg", .class("swatch"), Attribute("viewBox", "0 0 10 10"), Attribute("aria-hidden", "true"), Attribute("focusable", "false")
        ) {
            element(
                "circle", Attribute("cx", "5"), Attribute("cy", "5"), Attribute("r", "5"),
                Attribute("fill", isColor(color) ? color : "currentColor"))
        }
    }

    static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == 35
            && bytes.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102) }
    }

    static func moderation(_ state: IdeaModeration?) -> HTML {
        switch state {
        case .pending: return element("span", .class("badge warn")) { "Waiting for review" }
        case .rejected: return element("span", .class("badge bad")) { "Hidden" }
        case .approved, nil: return .empty
        }
    }

    static let pinned = element("span", .class("badge accent")) { "Pinned" }

    static func votes(_ count: Int) -> String { count == 1 ? "1 vote" : FeedbackPageParts.grouped(count) + " votes" }

    static func comments(_ count: Int) -> String { count == 1 ? "1 comment" : FeedbackPageParts.grouped(count) + " comments" }
}
