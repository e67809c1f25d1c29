import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// `revenue.signals`: day-over-day MRR changes of 10% or more between snapshots of consecutive
/// UTC days. A gap in collection is not a change, and a previous MRR of 0 or unknown gives no
/// ratio, so no signal.
extension RevenueSnapshots {
    /// The change that makes a signal, as a fraction of the previous MRR.
    static let signalThreshold = 0.10
    static let maximumSignalApps = 1_000
    static let maximumSignals = 500

    func signals(_ request: RevenueSignals.Request) throws -> RevenueSignals.Response {
        guard request.projectIds.count <= Self.maximumSignalApps, (1...Self.maximumSignals).contains(request.limit),
            request.sinceDay.utf8.count == 10, Self.day(after: request.sinceDay) != nil
        else {
            throw RPCError.asoInvalidQuery([
                "request": ["at most \(Self.maximumSignalApps) apps, limit 1-\(Self.maximumSignals), sinceDay YYYY-MM-DD"]
            ])
        }
        // The day before `sinceDay` is read too: it is the "previous" of the first day asked for.
        let from = Self.day((ISOTime.parse(request.sinceDay + "T00:00:00.000Z") ?? Date()).addingTimeInterval(-86_400))
        var found: [RevenueSignal] = []
        for projectId in Set(request.projectIds) {
            let rows = try db.query(
                "SELECT day, mrr, currency, last_updated_at FROM revenue_snapshots WHERE project_id = ? AND day >= ? ORDER BY day",
                [.text(projectId), .text(from)])
            for (previous, row) in zip(rows, rows.dropFirst()) {
                guard let day = row.string("day"), day >= request.sinceDay, let before = previous.string("day"),
                    Self.day(after: before) == day, let mrr = row.double("mrr"), let previousMrr = previous.double("mrr"),
                    previousMrr > 0, row.string("currency") == previous.string("currency"),
                    Self.isSignal(mrr: mrr, previous: previousMrr)
                else { continue }
                found.append(
                    RevenueSignal(
                        projectId: projectId, day: day, mrr: mrr, previousMrr: previousMrr,
                        changePercent: ((mrr - previousMrr) / previousMrr * 1_000).rounded() / 10,
                        currency: row.string("currency") ?? "", lastUpdatedAt: row.string("last_updated_at")))
            }
        }
        found.sort { ($0.day, $0.projectId) > ($1.day, $1.projectId) }
        return RevenueSignals.Response(items: Array(found.prefix(request.limit)))
    }

    /// |change| ≥ 10% of the previous value; the tolerance keeps an exact 10% in binary
    /// floating point (110 after 100) on the signal side.
    static func isSignal(mrr: Double, previous: Double) -> Bool {
        abs(mrr - previous) >= previous * signalThreshold * (1 - 1e-9)
    }
}
