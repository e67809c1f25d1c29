import Foundation
import HubMessaging
import HubStore

/// Builds the AppTracker timeline of an organization's watched apps from what is recorded:
/// complete daily chart snapshots, imported estimates, ads, social posts and flows. Nothing
/// is inferred from a collection gap or an incomplete snapshot.
struct MarketTracker {
    let store: MarketStore

    var db: SQLiteDatabase { store.db }

    func timeline(_ request: MarketTrackerTimeline.Request) throws -> MarketTrackerTimeline.Response {
        let plan = request.organization.plan
        guard plan.hasTrackerAccess else {
            throw RPCError.planRequired("AppTracker")
        }
        guard MarketTrackerTimeline.periods.contains(request.days) else {
            throw RPCError.marketInvalidQuery(["days": ["must be 7, 30 or 90"]])
        }
        let toDay = store.today()
        let fromDay = MarketDay.adding(-(request.days - 1), to: toDay)!
        var apps = try store.watchedApps(request.organization.organizationId)
        if let only = request.adamId { apps = apps.filter { $0 == only } }
        var events: [MarketTrackerEvent] = []
        if !apps.isEmpty {
            let want = { (filter: MarketTrackerTimeline.Filter) in request.filter == nil || request.filter == filter }
            if want(.ranking) { events += try rankingEvents(apps, from: fromDay, to: toDay) }
            if want(.downloads) { events += try downloadEvents(apps, from: fromDay, to: toDay) }
            if want(.ads) { events += try recordEvents(apps, from: fromDay, to: toDay, kind: .ad) }
            if want(.organic) { events += try recordEvents(apps, from: fromDay, to: toDay, kind: .organic) }
            if want(.onboardings) { events += try recordEvents(apps, from: fromDay, to: toDay, kind: .onboarding) }
            if want(.paywalls) { events += try recordEvents(apps, from: fromDay, to: toDay, kind: .paywall) }
        }
        try name(&events)
        events.sort { ($0.date, $0.type.rawValue, $0.adamId) > ($1.date, $1.type.rawValue, $1.adamId) }
        let bounded = events.count > MarketTrackerTimeline.maximumEvents
        if bounded { events.removeLast(events.count - MarketTrackerTimeline.maximumEvents) }
        return MarketTrackerTimeline.Response(
            fromDate: fromDay, toDate: toDay, events: events, bounded: bounded,
            notice: bounded
                ? "Showing the \(MarketTrackerTimeline.maximumEvents) most recent events; older activity in this period is omitted." : nil)
    }

    private func placeholders(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ",") }

    /// Chart events between consecutive complete daily snapshots of the same storefront,
    /// chart and genre, for days in the period (the day before it serves as a baseline).
    func rankingEvents(_ apps: [String], from: String, to: String) throws -> [MarketTrackerEvent] {
        let baseline = MarketDay.adding(-1, to: from)!
        let args: [SQLValue] = apps.map { .text($0) } + [.text(baseline), .text(to)]
        let rows = try db.query(
            """
            SELECT e.adam_id, e.rank, s.storefront, s.chart, s.genre, s.day FROM snapshot_entries e
            JOIN snapshots s ON s.id = e.snapshot_id
            WHERE e.adam_id IN (\(placeholders(apps.count))) AND s.complete = 1 AND s.day BETWEEN ? AND ?
            """, args)
        struct Chart: Hashable { var storefront: String, chart: String, genre: String }
        var ranks: [Chart: [String: [String: Int]]] = [:]
        for r in rows {
            let chart = try Chart(storefront: r.text("storefront"), chart: r.text("chart"), genre: r.text("genre"))
            try ranks[chart, default: [:]][r.text("adam_id"), default: [:]][r.text("day")] = r.int("rank")
        }
        var events: [MarketTrackerEvent] = []
        for (chart, byApp) in ranks {
            let days = Set(
                try db.query(
                    """
                    SELECT day FROM snapshots WHERE storefront = ? AND chart = ? AND genre = ? AND complete = 1 AND day BETWEEN ? AND ?
                    """, [.text(chart.storefront), .text(chart.chart), .text(chart.genre), .text(baseline), .text(to)]
                ).compactMap { $0.string(0) })
            for day in days where day >= from {
                guard let previousDay = MarketDay.adding(-1, to: day), days.contains(previousDay) else { continue }
                for (app, observed) in byApp {
                    for kind in MarketTrackerRules.rankingEvents(previous: observed[previousDay], current: observed[day]) {
                        var event = MarketTrackerEvent(type: kind, date: day, adamId: app)
                        event.storefront = chart.storefront
                        event.chart = chart.chart
                        event.genre = chart.genre.isEmpty ? nil : chart.genre
                        event.rank = observed[day]
                        event.previousRank = observed[previousDay]
                        event.previousDate = previousDay
                        events.append(event)
                    }
                }
            }
        }
        return events
    }

    /// Rises of 40% or more between consecutive download estimates of the same source and
    /// storefront for different periods, dated by the later observation.
    func downloadEvents(_ apps: [String], from: String, to: String) throws -> [MarketTrackerEvent] {
        let rows = try db.query(
            """
            SELECT record_id, adam_id, value, source, storefront, period_start, period_end, observed_at FROM estimates
            WHERE metric = 'downloads' AND adam_id IN (\(placeholders(apps.count)))
            ORDER BY adam_id, source, storefront, period_end, period_start, observed_at
            """, apps.map { .text($0) })
        var events: [MarketTrackerEvent] = []
        for (earlier, later) in zip(rows, rows.dropFirst()) {
            guard earlier.string("adam_id") == later.string("adam_id"), earlier.string("source") == later.string("source"),
                earlier.string("storefront") == later.string("storefront"),
                earlier.string("period_start") != later.string("period_start")
                    || earlier.string("period_end") != later.string("period_end"),
                MarketTrackerRules.isDownloadRise(earlier: earlier.double("value"), later: later.double("value")),
                let observed = later.string("observed_at"), String(observed.prefix(10)) >= from, String(observed.prefix(10)) <= to
            else { continue }
            var event = MarketTrackerEvent(type: .downloads, date: observed, adamId: try later.text("adam_id"))
            event.source = later.string("source")
            event.storefront = later.string("storefront")
            event.periodStart = later.string("period_start")
            event.periodEnd = later.string("period_end")
            event.previousPeriodStart = earlier.string("period_start")
            event.previousPeriodEnd = earlier.string("period_end")
            event.value = later.double("value")
            event.previousValue = earlier.double("value")
            if let v = event.value, let p = event.previousValue { event.changePercent = ((v - p) / p * 1000).rounded() / 10 }
            event.recordId = later.string("record_id")
            events.append(event)
        }
        return events
    }

    /// Ads first seen, available posts published and published flows captured in the period.
    func recordEvents(_ apps: [String], from: String, to: String, kind: MarketTrackerEvent.Kind) throws -> [MarketTrackerEvent] {
        let sql: String
        switch kind {
        case .ad:
            sql = "SELECT record_id, adam_id, first_seen_at AS at, platform, url FROM ads WHERE first_seen_at"
        case .organic:
            sql = "SELECT record_id, adam_id, published_at AS at, platform, url FROM social_posts WHERE available = 1 AND published_at"
        case .onboarding, .paywall:
            sql =
                "SELECT record_id, adam_id, captured_at AS at, NULL AS platform, NULL AS url FROM flows WHERE published = 1 AND flow_type = '\(kind == .onboarding ? "onboarding" : "paywall")' AND captured_at"
        default:
            return []
        }
        let rows = try db.query(
            sql + " >= ? AND substr(at, 1, 10) <= ? AND adam_id IN (\(placeholders(apps.count)))",
            [.text(from + "T00:00:00.000Z"), .text(to)] + apps.map { .text($0) })
        return try rows.map { r in
            var event = try MarketTrackerEvent(type: kind, date: r.text("at"), adamId: r.text("adam_id"))
            event.platform = r.string("platform")
            event.url = r.string("url")
            event.recordId = r.string("record_id")
            return event
        }
    }

    /// Fills each event's app name and slug from the catalog.
    private func name(_ events: inout [MarketTrackerEvent]) throws {
        let ids = Array(Set(events.map(\.adamId)))
        guard !ids.isEmpty else { return }
        var names: [String: (String, String)] = [:]
        for r in try db.query("SELECT adam_id, slug, name FROM apps WHERE adam_id IN (\(placeholders(ids.count)))", ids.map { .text($0) }) {
            try names[r.text("adam_id")] = (r.text("slug"), r.text("name"))
        }
        for i in events.indices {
            events[i].slug = names[events[i].adamId]?.0
            events[i].name = names[events[i].adamId]?.1
        }
    }
}
