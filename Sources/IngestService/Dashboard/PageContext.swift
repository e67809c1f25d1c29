import Dashboard
import HubHTTPServer

/// What a page handler of a signed-in member is given: the request, the member's session
/// (who, in which organization, with which role, the form token), and the frame's viewer.
struct PageContext {
    let request: HTTPRequest
    let session: TeamSession
    /// The hub's origin (`https://hub.example.com`), for links and the same-origin check.
    let origin: String

    /// The sidebar's view of the member: the sections their role may open.
    func viewer(unread: Int = 0) -> PageShell.Viewer {
        var sections: [PageShell.Section] = [.inbox, .ideas, .apps, .explore, .keywordExplorer, .notifications]
        if session.role.allows(.manageMembers) || session.role.allows(.manageTokens) { sections.append(.settings) }
        sections.append(.whatsNew)
        sections.append(.requestFeature)
        return PageShell.Viewer(
            name: session.name, email: session.email, role: session.role.rawValue, organization: session.organizationName,
            formToken: session.formToken, sections: sections, unread: unread,
            whatsNewUnread: WhatsNewFeed.shipped.hasEntries(after: session.whatsNewSeenAt))
    }

    /// Throws 403 `FORBIDDEN` unless the member's role allows `permission`.
    func require(_ permission: Permission) throws {
        guard session.role.allows(permission) else { throw PageError.forbidden }
    }
}
