import Foundation
import HubMessaging
import HubStore

/// Each source's answer as feed items: the stable ID, the title, the link and the source's time.
extension NotificationFeed {
    /// Characters of a message or report a title quotes.
    static let quoteLength = 100

    static func quote(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.count > quoteLength ? String(line.prefix(quoteLength - 1)) + "…" : line
    }

    static func item(
        _ id: String, _ kind: NotificationKind, projectId: String?, appName: String, title: String, link: String, at: String?,
        sortKey: String? = nil
    ) -> NotificationItem {
        NotificationItem(
            id: id, kind: kind, projectId: projectId, appName: appName, title: title, link: link, at: at, read: false,
            sortKey: sortKey ?? at ?? "")
    }

    static func chats(_ response: ChatTeamUnread.Response, names: [String: String]) -> [NotificationItem] {
        response.items.map {
            item(
                "chat:\($0.conversationId):\($0.lastUserMessageId)", .chat, projectId: $0.projectId, appName: names[$0.projectId] ?? "",
                title: "Unread message from \($0.ownerEmail ?? "an anonymous user"): \(quote($0.preview))",
                link: "/dashboard/conversations/\($0.conversationId)", at: $0.lastUserMessageAt)
        }
    }

    static func reports(_ rows: [Row], names: [String: String]) throws -> [NotificationItem] {
        try rows.map {
            let id = try $0.text("id")
            let projectId = try $0.text("project_id")
            return item(
                "report:\(id)", .report, projectId: projectId, appName: names[projectId] ?? "",
                title: "New \(try $0.text("type")) report: \(quote($0.string("message") ?? ""))", link: "/dashboard/reports/\(id)",
                at: try $0.text("created_at"))
        }
    }

    static func aso(_ response: ASONotifications.Response, names: [String: String]) -> [NotificationItem] {
        let reviews = response.reviews.map {
            item(
                "review:\($0.projectId):\($0.reviewId)", .review, projectId: $0.projectId, appName: names[$0.projectId] ?? "",
                title: "New \($0.rating)-star review" + ($0.territory.map { " in \($0)" } ?? "")
                    + ($0.title.map { ": " + quote($0) } ?? ""),
                link: "/dashboard/apps/\($0.projectId)/reviews/\($0.reviewId)", at: $0.createdAt)
        }
        let keywords = response.keywordDrops.map {
            item(
                "keyword:\($0.keywordId):\($0.day)", .keyword, projectId: $0.projectId, appName: names[$0.projectId] ?? "",
                title: "“\($0.term)” (\($0.country.uppercased())) fell from #\($0.previousRank) to #\($0.rank)",
                link: "/dashboard/apps/\($0.projectId)/keywords/\($0.keywordId)", at: $0.observedAt)
        }
        let jobs = response.priceJobs.map {
            let what: String
            switch $0.state {
            case .failed: what = "failed"
            case .uncertain: what = "is uncertain: Apple's answer is not known"
            case .finished: what = "finished"
            }
            return item(
                "price-job:\($0.jobId):\($0.state.rawValue)", .priceJob, projectId: $0.projectId, appName: names[$0.projectId] ?? "",
                title: "Price job for \($0.productId) (\($0.items) territories) \(what)", link: "/dashboard/apps/\($0.projectId)",
                at: $0.updatedAt)
        }
        return reviews + keywords + jobs
    }

    static func revenue(_ response: RevenueSignals.Response, names: [String: String]) -> [NotificationItem] {
        response.items.map {
            let direction = $0.changePercent >= 0 ? "rose" : "fell"
            let percent = String(format: "%.1f", abs($0.changePercent))
            return item(
                "revenue:\($0.projectId):\($0.day)", .revenue, projectId: $0.projectId, appName: names[$0.projectId] ?? "",
                title: "MRR \(direction) \(percent)% to \(String(format: "%.2f", $0.mrr)) \($0.currency)",
                link: "/dashboard/apps/\($0.projectId)#revenuecat", at: $0.lastUpdatedAt,
                sortKey: $0.lastUpdatedAt ?? $0.day + "T23:59:59.999Z")
        }
    }

    /// The newest `trackerLimit` events (the timeline is newest first). A day-only date is that
    /// day's 00:00 UTC.
    static func tracker(_ response: MarketTrackerTimeline.Response) -> [NotificationItem] {
        response.events.prefix(trackerLimit).map { event in
            let at = event.date.count == 10 ? event.date + "T00:00:00.000Z" : event.date
            let key = event.recordId ?? [event.storefront, event.chart, event.genre].map { $0 ?? "" }.joined(separator: ".")
            return item(
                "tracker:\(event.type.rawValue):\(event.adamId):\(event.date):\(key)", .tracker, projectId: nil,
                appName: event.name ?? event.adamId, title: trackerTitle(event),
                link: "/dashboard/explore/tracker?days=7&adamId=\(event.adamId)", at: at)
        }
    }

    static func trackerTitle(_ event: MarketTrackerEvent) -> String {
        let rank = { (event.previousRank.map { "#\($0) → " } ?? "") + (event.rank.map { "#\($0)" } ?? "") }
        let chart = [event.storefront?.uppercased(), event.chart].compactMap { $0 }.joined(separator: " ")
        switch event.type {
        case .top10: return "Entered the top 10 of \(chart) (\(rank()))"
        case .top50: return "Entered the top 50 of \(chart) (\(rank()))"
        case .top100: return "Entered the top 100 of \(chart) (\(rank()))"
        case .rise: return "Rose in \(chart) (\(rank()))"
        case .fall: return "Fell in \(chart) (\(rank()))"
        case .ad: return "New ad" + (event.platform.map { " on \($0)" } ?? "")
        case .organic: return "New post" + (event.platform.map { " on \($0)" } ?? "")
        case .onboarding: return "New onboarding flow captured"
        case .paywall: return "New paywall captured"
        case .downloads:
            return "Estimated downloads rose" + (event.changePercent.map { " \(String(format: "%.1f", $0))%" } ?? "")
        }
    }
}
