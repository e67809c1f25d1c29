import Foundation
import HubDaemon
import HubMessaging
import HubRuntime

/// Gathers the notifications feed of an organization's apps: one call to each daemon that owns
/// a source (chatd: unread conversations; asod: reviews, keyword drops, price jobs, and the
/// revenue signals; marketd: AppTracker events when the plan has tracker access), all at once,
/// and ingest's own new reports; merged newest first, at most `maximumItems`, with the
/// reader's read state. A source whose daemon does not answer is left out and named in
/// `unavailable`; the rest still make the feed.
struct NotificationFeed {
    static let maximumItems = 200
    /// Reviews, keyword drops, price jobs, revenue changes and AppTracker events of this many
    /// days back; unread conversations and new reports are listed whatever their age.
    static let windowDays = 7
    /// AppTracker events at most, the newest.
    static let trackerLimit = 20
    /// Projects one feed covers: the daemons' bound for one call.
    static let maximumProjects = ChatTeamInbox.maximumProjects

    struct Page {
        var items: [NotificationItem]
        /// Kinds whose source did not answer, in `NotificationKind` order.
        var unavailable: [NotificationKind]
    }

    let store: IngestStore
    let chatd: RPCClient
    let asod: RPCClient
    let marketd: RPCClient
    let clock: Clock

    /// Calls `completion` once, from any thread, with every item of the organization's feed (the
    /// filter applied after the read state is known).
    func gather(_ reader: NotificationReader, filter: NotificationFilter = NotificationFilter(), completion: @escaping (Page) -> Void)
        throws
    {
        let projects = Array(try store.projects(organizationId: reader.organizationId).prefix(NotificationFeed.maximumProjects))
        let names = Dictionary(projects.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let projectIds = projects.map(\.id)
        let plan = try store.organization(id: reader.organizationId)?.entitlements ?? .selfhosted
        let now = clock.now()
        let since = now.addingTimeInterval(-Double(NotificationFeed.windowDays) * 86_400)
        let wanted = { (kinds: [NotificationKind]) in filter.kind.map(kinds.contains) ?? true }

        let collected = Collected()
        let group = DispatchGroup()
        if !projectIds.isEmpty {
            collected.add(
                try NotificationFeed.reports(
                    store.newNotificationReports(projectIds: projectIds, limit: NotificationFeed.maximumItems), names: names))
            if wanted([.chat]) {
                group.enter()
                chatd.call(ChatTeamUnread.self, ChatTeamUnread.Request(projectIds: projectIds, limit: NotificationFeed.maximumItems)) {
                    switch $0 {
                    case .success(let response): collected.add(NotificationFeed.chats(response, names: names))
                    case .failure: collected.unavailable([.chat])
                    }
                    group.leave()
                }
            }
            if wanted([.review, .keyword, .priceJob]) {
                group.enter()
                let call = ASONotifications.Request(
                    projectIds: projectIds, since: ISOTime.format(since), limit: NotificationFeed.maximumItems)
                asod.call(ASONotifications.self, call) {
                    switch $0 {
                    case .success(let response): collected.add(NotificationFeed.aso(response, names: names))
                    case .failure: collected.unavailable([.review, .keyword, .priceJob])
                    }
                    group.leave()
                }
            }
            if wanted([.revenue]) {
                group.enter()
                let call = RevenueSignals.Request(
                    projectIds: projectIds, sinceDay: String(ISOTime.format(since).prefix(10)), limit: NotificationFeed.maximumItems)
                asod.call(RevenueSignals.self, call) {
                    switch $0 {
                    case .success(let response): collected.add(NotificationFeed.revenue(response, names: names))
                    // An asod without the revenue job (an older build) has no signals to give.
                    case .failure(let error) where error.code == RPCError.Code.unknownType: break
                    case .failure: collected.unavailable([.revenue])
                    }
                    group.leave()
                }
            }
        }
        if wanted([.tracker]) && plan.hasTrackerAccess {
            group.enter()
            let call = MarketTrackerTimeline.Request(
                organization: MarketOrganization(organizationId: reader.organizationId, plan: plan), days: NotificationFeed.windowDays)
            marketd.call(MarketTrackerTimeline.self, call) {
                switch $0 {
                case .success(let response): collected.add(NotificationFeed.tracker(response))
                case .failure: collected.unavailable([.tracker])
                }
                group.leave()
            }
        }
        group.notify(queue: .global()) {
            let (items, unavailable) = collected.result()
            let merged = Array(items.sorted { ($0.sortKey, $0.id) > ($1.sortKey, $1.id) }.prefix(NotificationFeed.maximumItems))
            var page = Page(items: merged, unavailable: unavailable)
            let read =
                (try? store.readNotificationIds(
                    organizationId: reader.organizationId, reader: reader.key, itemIds: merged.map(\.id))) ?? []
            for i in page.items.indices { page.items[i].read = read.contains(page.items[i].id) }
            page.items = page.items.filter(filter.admits)
            completion(page)
        }
    }

    /// What the calls brought back, filled from their completion threads.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [NotificationItem] = []
        private var missing: Set<NotificationKind> = []

        func add(_ more: [NotificationItem]) { lock.withLock { items += more } }
        func unavailable(_ kinds: [NotificationKind]) { lock.withLock { missing.formUnion(kinds) } }
        func result() -> ([NotificationItem], [NotificationKind]) {
            lock.withLock { (items, NotificationKind.allCases.filter(missing.contains)) }
        }
    }
}
