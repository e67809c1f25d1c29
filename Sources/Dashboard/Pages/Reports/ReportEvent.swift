/// One row of a report's timeline (`feedback_events`: `kind`, `detail`, `actor`,
/// `created_at`), with the IDs in its detail already turned into names.
public struct ReportEvent: Sendable {
    public enum Change: Sendable {
        case created
        case read
        case unread
        case status(from: ReportPage.Status?, to: ReportPage.Status?)
        case priority(from: ReportPage.Priority?, to: ReportPage.Priority?)
        /// Member names; nil is nobody.
        case assignee(from: String?, to: String?)
        case labels(added: [String], removed: [String])
        case reply
        case note(convertedFromReply: Bool)
        /// The idea it became or was linked to; its title when the idea still exists.
        case promoted(ideaId: String, title: String?)
        case linked(ideaId: String, title: String?)
        /// A kind this page does not know yet, shown by its stored name.
        case other(String)
    }

    public let change: Change
    /// Who made it: a member's name or a token's name; nil for the user or the hub.
    public let actor: String?
    public let createdAt: String

    public init(change: Change, actor: String?, createdAt: String) {
        self.change = change
        self.actor = actor
        self.createdAt = createdAt
    }

    /// The change as a sentence, with the idea to link to when there is one.
    var sentence: (text: String, ideaId: String?) {
        switch change {
        case .created: return ("Report received", nil)
        case .read: return ("Marked read", nil)
        case .unread: return ("Marked unread", nil)
        case .status(let from, let to):
            return ("Status " + (from?.title ?? "?") + " → " + (to?.title ?? "?"), nil)
        case .priority(let from, let to):
            return ("Priority " + (from?.title ?? "?") + " → " + (to?.title ?? "?"), nil)
        case .assignee(_, let to?): return ("Assigned to " + to, nil)
        case .assignee(let from?, nil): return ("Unassigned from " + from, nil)
        case .assignee(nil, nil): return ("Unassigned", nil)
        case .labels(let added, let removed):
            var parts: [String] = []
            if !added.isEmpty { parts.append("added " + added.joined(separator: ", ")) }
            if !removed.isEmpty { parts.append("removed " + removed.joined(separator: ", ")) }
            return ("Labels " + (parts.isEmpty ? "unchanged" : parts.joined(separator: "; ")), nil)
        case .reply: return ("Replied to the user", nil)
        case .note(let converted):
            return (converted ? "Reply kept as an internal note (nobody to send it to)" : "Added an internal note", nil)
        case .promoted(let id, let title): return ("Promoted to the idea " + (title.map { "“" + $0 + "”" } ?? id), id)
        case .linked(let id, let title): return ("Linked to the idea " + (title.map { "“" + $0 + "”" } ?? id), id)
        case .other(let kind): return (kind, nil)
        }
    }
}
