import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// Answers `aso.notifications` from asod's own tables, one bounded query per list, each led by
/// an index on the project: `asc_reviews_newest`, the tracked keywords' `(project_id, …)` key
/// with the ranks' `(keyword_id, day)` key, and `price_jobs_project_created`.
struct ASONotificationsQuery {
    let db: SQLiteDatabase

    /// How far back a price job may have been submitted and still be reported: a job's items run
    /// within days, so one older than this has nothing new to say.
    static let priceJobLookback: TimeInterval = 30 * 86_400

    func answer(_ request: ASONotifications.Request) throws -> ASONotifications.Response {
        guard (1...ASONotifications.maximumProjects).contains(request.projectIds.count) else {
            throw RPCError.invalidPayload(field: "projectIds", "must name 1-\(ASONotifications.maximumProjects) projects")
        }
        guard (1...ASONotifications.maximumLimit).contains(request.limit) else {
            throw RPCError.invalidPayload(field: "limit", "must be 1-\(ASONotifications.maximumLimit)")
        }
        guard let since = ISOTime.parse(request.since) else {
            throw RPCError.invalidPayload(field: "since", "must be an ISO-8601 time")
        }
        return ASONotifications.Response(
            reviews: try reviews(request, since: since), keywordDrops: try keywordDrops(request, since: since),
            priceJobs: try priceJobs(request, since: since))
    }

    private func projects(_ request: ASONotifications.Request) -> (sql: String, args: [SQLValue]) {
        (Array(repeating: "?", count: request.projectIds.count).joined(separator: ", "), request.projectIds.map { .text($0) })
    }

    func reviews(_ request: ASONotifications.Request, since: Date) throws -> [ASONotifications.Review] {
        let (list, args) = projects(request)
        let rows = try db.query(
            """
            SELECT project_id, review_id, rating, territory, title, created_at FROM asc_reviews
            WHERE project_id IN (\(list)) AND created_at >= ? ORDER BY created_at DESC LIMIT ?
            """, args + [.text(ISOTime.format(since)), .int(Int64(request.limit))])
        return try rows.map {
            ASONotifications.Review(
                projectId: try $0.text("project_id"), reviewId: try $0.text("review_id"), rating: Int(try $0.integer("rating")),
                territory: $0.string("territory"), title: $0.string("title"), createdAt: try $0.text("created_at"))
        }
    }

    /// Both days must hold a rank: "not ranked" is not a position to fall from or to.
    func keywordDrops(_ request: ASONotifications.Request, since: Date) throws -> [ASONotifications.KeywordDrop] {
        let (list, args) = projects(request)
        let rows = try db.query(
            """
            SELECT k.id, k.project_id, k.term, k.country, r.day, r.rank, p.rank AS previous_rank, r.observed_at
            FROM tracked_keywords k
            JOIN keyword_ranks r ON r.keyword_id = k.id AND r.day >= ?
            JOIN keyword_ranks p ON p.keyword_id = k.id AND p.day = date(r.day, '-1 day')
            WHERE k.project_id IN (\(list)) AND r.rank - p.rank >= ?
            ORDER BY r.day DESC, r.observed_at DESC LIMIT ?
            """,
            [.text(ASOStore.day(since))] + args + [.int(Int64(ASONotifications.minimumKeywordDrop)), .int(Int64(request.limit))])
        return try rows.map {
            ASONotifications.KeywordDrop(
                projectId: try $0.text("project_id"), keywordId: try $0.text("id"), term: try $0.text("term"),
                country: try $0.text("country"), day: try $0.text("day"), rank: Int(try $0.integer("rank")),
                previousRank: Int(try $0.integer("previous_rank")), observedAt: try $0.text("observed_at"))
        }
    }

    /// A job's state for the feed, from its items: any failed item fails it; else any uncertain
    /// one makes it uncertain; else it is finished once no item is still to run.
    func priceJobs(_ request: ASONotifications.Request, since: Date) throws -> [ASONotifications.PriceJobChange] {
        let (list, args) = projects(request)
        let rows = try db.query(
            """
            SELECT j.id, j.project_id, j.product_id, COUNT(*) AS items, MAX(i.updated_at) AS updated_at,
                   SUM(i.state = 'failed') AS failed, SUM(i.state = 'uncertain') AS uncertain,
                   SUM(i.state IN ('pending', 'running', 'sent')) AS open
            FROM price_jobs j JOIN price_job_items i ON i.job_id = j.id
            WHERE j.project_id IN (\(list)) AND j.created_at >= ?
            GROUP BY j.id HAVING MAX(i.updated_at) >= ? AND (failed > 0 OR uncertain > 0 OR open = 0)
            ORDER BY updated_at DESC LIMIT ?
            """,
            args + [
                .text(ISOTime.format(since.addingTimeInterval(-ASONotificationsQuery.priceJobLookback))),
                .text(ISOTime.format(since)), .int(Int64(request.limit)),
            ])
        return try rows.map {
            let state: ASONotifications.PriceJobChange.State =
                try $0.integer("failed") > 0 ? .failed : try $0.integer("uncertain") > 0 ? .uncertain : .finished
            return ASONotifications.PriceJobChange(
                projectId: try $0.text("project_id"), jobId: try $0.text("id"), productId: try $0.text("product_id"), state: state,
                items: Int(try $0.integer("items")), updatedAt: try $0.text("updated_at"))
        }
    }
}
