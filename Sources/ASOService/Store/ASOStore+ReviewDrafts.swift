import Foundation
import HubMessaging
import HubRuntime

/// The monthly review-draft allowance: counted per organization and UTC month, spent only once
/// a draft came back (unlike Explorer's quota, a failed provider call costs nothing).
extension ASOStore {
    /// The UTC month of `date`, `YYYY-MM`.
    static func month(_ date: Date) -> String { String(ISOTime.format(date).prefix(7)) }

    /// 00:00 UTC on the first day of the month after `date`.
    static func nextMonth(after date: Date) -> Date {
        let month = ASOStore.month(date)
        var year = Int(month.prefix(4))!
        var next = Int(month.suffix(2))! + 1
        if next == 13 {
            year += 1
            next = 1
        }
        return ISOTime.parse(String(format: "%04d-%02d-01T00:00:00.000Z", year, next))!
    }

    /// The organization's drafts this month under `limit` (nil: no limit).
    public func draftAllowance(organizationId: String, limit: Int?) throws -> ASCDraftAllowance {
        let now = clock.now()
        let used =
            try db.scalar(
                "SELECT used FROM review_draft_usage WHERE organization_id = ? AND month = ?",
                [.text(organizationId), .text(ASOStore.month(now))]
            ).intValue ?? 0
        return ASCDraftAllowance(limit: limit, used: used, resetsAt: ISOTime.format(ASOStore.nextMonth(after: now)))
    }

    /// Counts one draft that came back; the allowance after it.
    public func spendDraft(organizationId: String, limit: Int?) throws -> ASCDraftAllowance {
        try db.transaction {
            try db.run(
                """
                INSERT INTO review_draft_usage (organization_id, month, used) VALUES (?, ?, 1)
                ON CONFLICT (organization_id, month) DO UPDATE SET used = used + 1
                """, [.text(organizationId), .text(ASOStore.month(clock.now()))])
            return try draftAllowance(organizationId: organizationId, limit: limit)
        }
    }
}
