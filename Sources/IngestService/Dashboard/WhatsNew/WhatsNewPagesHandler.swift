import Dashboard
import HubHTTPServer

/// `/dashboard/whats-new`: the hub's product updates (`WhatsNewFeed.shipped`) for every member.
/// Opening the page records the visit on the membership, which clears the sidebar's dot until
/// a build ships a newer entry.
struct WhatsNewPagesHandler {
    let store: IngestStore
    /// `APPNORTH_DOCS_URL`: where the entries' `/docs/…` links point.
    let docsURL: String

    /// `GET /dashboard/whats-new`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        let session = context.session
        try store.markWhatsNewSeen(memberId: session.memberId)
        let page = WhatsNewPage(entries: WhatsNewFeed.shipped.entries, docsURL: docsURL, previousVisit: session.whatsNewSeenAt)
        var viewed = session
        viewed.whatsNewSeenAt = store.now()
        let context = PageContext(request: context.request, session: viewed, origin: context.origin)
        return PageResponse.html(page.html(viewer: context.viewer()))
    }
}
