/// The small labels the inbox and the conversation share: state, sentiment, priority, kind.
enum InboxBadges {
    static func state(_ state: InboxQuery.State) -> HTML {
        let tone: String
        switch state {
        case .open, .inProgress: tone = "badge accent"
        case .resolved, .done: tone = "badge ok"
        case .todo: tone = "badge warn"
        }
        return element("span", .class(tone)) { state.title }
    }

    static func sentiment(_ sentiment: String) -> HTML {
        switch sentiment {
        case "positive": return element("span", .class("badge ok")) { "Positive" }
        case "negative": return element("span", .class("badge bad")) { "Negative" }
        case "neutral": return element("span", .class("badge")) { "Neutral" }
        default: return element("span", .class("badge")) { sentiment }
        }
    }

    /// Only a priority worth a glance gets a badge; `none` says nothing.
    static func priority(_ priority: String) -> HTML {
        switch priority {
        case "urgent": return element("span", .class("badge bad")) { "Urgent" }
        case "high": return element("span", .class("badge warn")) { "High" }
        case "medium": return element("span", .class("badge")) { "Medium" }
        case "low": return element("span", .class("badge")) { "Low" }
        default: return .empty
        }
    }

    static func kind(_ row: InboxRow) -> HTML {
        switch row.kind {
        case .chat: return element("span", .class("badge accent")) { "Chat" }
        case .report:
            let title: String
            switch row.reportType {
            case "problem": title = "Problem"
            case "suggestion": title = "Suggestion"
            case "comment": title = "Comment"
            default: title = "Report"
            }
            return element("span", .class("badge")) { title }
        }
    }
}
