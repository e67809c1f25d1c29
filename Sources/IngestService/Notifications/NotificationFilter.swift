/// The feed's filters (`kind`, `unread=true`), read the same way by the operator API and the page.
struct NotificationFilter: Equatable {
    var kind: NotificationKind?
    var unreadOnly = false

    /// The problems, by parameter, of an invalid `kind` or `unread`.
    static func parse(kind: String?, unread: String?) -> (filter: NotificationFilter, problems: [String: [String]]) {
        var filter = NotificationFilter()
        var problems: [String: [String]] = [:]
        if let kind, !kind.isEmpty {
            if let value = NotificationKind(rawValue: kind) {
                filter.kind = value
            } else {
                problems["kind"] = ["must be one of " + NotificationKind.allCases.map(\.rawValue).joined(separator: ", ")]
            }
        }
        if let unread, !unread.isEmpty {
            if unread == "true" || unread == "false" {
                filter.unreadOnly = unread == "true"
            } else {
                problems["unread"] = ["must be true or false"]
            }
        }
        return (filter, problems)
    }

    func admits(_ item: NotificationItem) -> Bool {
        (kind == nil || item.kind == kind) && (!unreadOnly || !item.read)
    }
}
