import Foundation
import HubHTTPServer

/// `GET /api/admin/v1/notifications` (filters `kind` and `unread=true`) and
/// `POST /api/admin/v1/notifications/{id}/read`: the feed of the caller's organization with the
/// caller's read state (a member's, or an authorless token's own).
struct AdminNotificationsHandler {
    /// Longest item ID accepted; IDs are made by the feed and stay well below.
    static let maximumIdLength = 300

    let feed: NotificationFeed

    struct ListBody: Encodable {
        let items: [NotificationItem]
        let unavailable: [NotificationKind]
    }

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (filter, problems) = NotificationFilter.parse(kind: request.query["kind"], unread: request.query["unread"])
        if !problems.isEmpty { throw APIError.invalidQuery(problems) }
        try feed.gather(NotificationReader(caller), filter: filter) { page in
            respond(.success(.json(ListBody(items: page.items, unavailable: page.unavailable))))
        }
    }

    /// Idempotent: an item already read stays read. An ID the feed does not list now (unknown,
    /// another organization's, or gone) is 404; one whose source did not answer is 503.
    func read(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let id = request.pathParameters["id"] ?? ""
        guard (1...AdminNotificationsHandler.maximumIdLength).contains(id.utf8.count), let kind = NotificationKind(itemId: id) else {
            throw AdminNotificationsHandler.notFound
        }
        let reader = NotificationReader(caller)
        try feed.gather(reader, filter: NotificationFilter(kind: kind)) { page in
            respond(
                Result {
                    guard let item = page.items.first(where: { $0.id == id }) else {
                        if page.unavailable.contains(kind) { throw APIError.unavailable(retryAfter: APIError.backendRetryAfter) }
                        throw AdminNotificationsHandler.notFound
                    }
                    try feed.store.markNotificationsRead(organizationId: reader.organizationId, reader: reader.key, itemIds: [id])
                    var marked = item
                    marked.read = true
                    return .json(marked)
                })
        }
    }

    static let notFound = APIError.notFound("NOTIFICATION_NOT_FOUND", "No notification has this ID.")
}
