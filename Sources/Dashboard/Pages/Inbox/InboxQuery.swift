import Foundation

/// What the inbox is asked for: the filters of `GET /dashboard` and the page's cursor. Parsing
/// drops a value it does not know instead of failing, so an old bookmark still opens the inbox.
public struct InboxQuery: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case chat
        case report
    }

    /// Conversations are open or resolved; reports are to do, in progress or done.
    public enum State: String, Sendable, CaseIterable {
        case open
        case resolved
        case todo
        case inProgress = "in_progress"
        case done

        public var title: String {
            switch self {
            case .open: return "Open"
            case .resolved: return "Resolved"
            case .todo: return "To do"
            case .inProgress: return "In progress"
            case .done: return "Done"
            }
        }

        var kind: Kind { self == .open || self == .resolved ? .chat : .report }
    }

    /// A project ID.
    public var app: String?
    public var kind: Kind?
    public var state: State?
    /// A member ID, or `none` for reports nobody is assigned to.
    public var assignee: String?
    public var label: String?
    public var unreadOnly: Bool
    /// The search text (`q`).
    public var text: String?
    public var cursor: String?

    public init(
        app: String? = nil, kind: Kind? = nil, state: State? = nil, assignee: String? = nil, label: String? = nil,
        unreadOnly: Bool = false, text: String? = nil, cursor: String? = nil
    ) {
        self.app = app
        self.kind = kind
        self.state = state
        self.assignee = assignee
        self.label = label
        self.unreadOnly = unreadOnly
        self.text = text
        self.cursor = cursor
    }

    /// The query of a request as `HTTPRequest.query` decodes it.
    public init(parameters: [String: String]) {
        func value(_ name: String) -> String? {
            guard let text = parameters[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return text
        }
        self.init(
            app: value("app"), kind: value("kind").flatMap(Kind.init(rawValue:)), state: value("state").flatMap(State.init(rawValue:)),
            assignee: value("assignee"), label: value("label"), unreadOnly: value("unread") == "1", text: value("q"),
            cursor: value("cursor"))
    }

    /// Whether anything narrows the list (the cursor does not).
    public var isFiltered: Bool {
        app != nil || kind != nil || state != nil || assignee != nil || label != nil || unreadOnly || text != nil
    }

    /// The filters as a query string starting with `?`, with `cursor` when given; "" when there is nothing to say.
    public func queryString(cursor: String? = nil) -> String {
        var pairs: [(String, String)] = []
        if let app { pairs.append(("app", app)) }
        if let kind { pairs.append(("kind", kind.rawValue)) }
        if let state { pairs.append(("state", state.rawValue)) }
        if let assignee { pairs.append(("assignee", assignee)) }
        if let label { pairs.append(("label", label)) }
        if unreadOnly { pairs.append(("unread", "1")) }
        if let text { pairs.append(("q", text)) }
        if let cursor { pairs.append(("cursor", cursor)) }
        guard !pairs.isEmpty else { return "" }
        return "?" + pairs.map { InboxPaths.encoded($0.0) + "=" + InboxPaths.encoded($0.1) }.joined(separator: "&")
    }
}
