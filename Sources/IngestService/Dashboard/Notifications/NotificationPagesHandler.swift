import Dashboard
import Foundation
import HubHTTPServer

/// `/dashboard/notifications`: the feed as a page (`NotificationsPage`), with the member's own
/// read state; "Mark read" and "Mark all read" post back and return to the same view (303).
/// The feed is gathered here only, never for the sidebar of other pages.
struct NotificationPagesHandler {
    let feed: NotificationFeed

    func page(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let query = context.request.query
        // An unknown kind shows everything rather than an error page: the filter is a link or a form.
        let (filter, _) = NotificationFilter.parse(kind: query["kind"], unread: query["unread"])
        let viewer = context.viewer()
        let now = feed.clock.now()
        try feed.gather(NotificationReader(context.session), filter: filter) { page in
            let view = NotificationsView(
                kind: filter.kind?.rawValue, unreadOnly: filter.unreadOnly,
                rows: page.items.map {
                    NotificationRow(
                        id: $0.id, kind: $0.kind.rawValue, appName: $0.appName, title: $0.title, link: $0.link, at: $0.at, read: $0.read)
                }, unavailable: page.unavailable.map { NotificationsView.label($0.rawValue) }, now: now)
            respond(.success(PageResponse.html(NotificationsPage.render(view, viewer: viewer))))
        }
    }

    /// `POST /dashboard/notifications/{id}/read`: only an item the member's feed lists now.
    func read(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let id = context.request.pathParameters["id"] ?? ""
        guard (1...AdminNotificationsHandler.maximumIdLength).contains(id.utf8.count), let kind = NotificationKind(itemId: id) else {
            throw PageError.notFound
        }
        try mark(context, filter: NotificationFilter(kind: kind), only: id, respond)
    }

    /// `POST /dashboard/notifications/read-all`: every item of the view the form came from.
    func readAll(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let form = FormFields(context.request)
        let (filter, _) = NotificationFilter.parse(kind: form["kind"], unread: form["unread"])
        try mark(context, filter: filter, only: nil, respond)
    }

    private func mark(_ context: PageContext, filter: NotificationFilter, only id: String?, _ respond: @escaping Route.Completion)
        throws
    {
        let reader = NotificationReader(context.session)
        let form = FormFields(context.request)
        let (back, _) = NotificationFilter.parse(kind: form["kind"], unread: form["unread"])
        try feed.gather(reader, filter: filter) { page in
            respond(
                Result {
                    let ids = page.items.map(\.id).filter { id == nil || $0 == id }
                    if let id, !ids.contains(id) { throw PageError.notFound }
                    try feed.store.markNotificationsRead(organizationId: reader.organizationId, reader: reader.key, itemIds: ids)
                    return PageResponse.redirect(NotificationsView.path(kind: back.kind?.rawValue, unreadOnly: back.unreadOnly))
                })
        }
    }
}
