/// How a review's facts read on the pages: the rating as stars with a label a screen reader
/// says, Apple's response state (its own words kept apart from the team's open/done) and the
/// team's status.
enum ReviewText {
    static func stars(_ rating: Int) -> HTML {
        let filled = max(0, min(5, rating))
        return element("span", .class("stars"), Attribute("role", "img"), .label("\(filled) out of 5 stars")) {
            String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
        }
    }

    /// Apple's state of the developer response, or that there is none.
    static func response(_ state: String?, hasResponse: Bool) -> HTML {
        guard hasResponse else { return element("span", .class("badge")) { "No response" } }
        switch state {
        case "PUBLISHED": return element("span", .class("badge ok"), .title("Apple's state")) { "Response published" }
        case "PENDING_PUBLISH": return element("span", .class("badge warn"), .title("Apple's state")) { "Response pending publication" }
        case let other?: return element("span", .class("badge"), .title("Apple's state")) { "Response: " + other }
        case nil: return element("span", .class("badge"), .title("Apple's state")) { "Response sent" }
        }
    }

    static func status(_ status: String) -> HTML {
        status == "done" ? element("span", .class("badge accent")) { "Done" } : element("span", .class("badge")) { "Open" }
    }
}
