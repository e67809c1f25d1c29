import Foundation
import HubMessaging
import HubRuntime

/// The daily live-search quota: 30 per organization per UTC day, reserved before the provider
/// is contacted, so a failed call still counts. Cache hits never touch it.
extension ASOStore {
    /// Live Explorer searches per organization per UTC day (docs/aso-difficulty.md, "Cache and
    /// daily quota").
    public static let dailySearchLimit = 30

    /// The organization's counter for today.
    public func quota(organizationId: String) throws -> ASOQuota {
        let now = clock.now()
        let used =
            try db.scalar(
                "SELECT used FROM quota_usage WHERE organization_id = ? AND day = ?",
                [.text(organizationId), .text(ASOStore.day(now))]
            ).intValue ?? 0
        return ASOStore.quota(used: used, at: now)
    }

    /// Takes one live search from today's quota, or throws 429 `QUOTA_EXHAUSTED` and changes nothing.
    public func reserveSearch(organizationId: String) throws -> ASOQuota {
        let now = clock.now()
        let day = ASOStore.day(now)
        return try db.transaction {
            try db.run(
                """
                INSERT INTO quota_usage (organization_id, day, used) VALUES (?, ?, 1)
                ON CONFLICT (organization_id, day) DO UPDATE SET used = used + 1 WHERE used < ?
                """, [.text(organizationId), .text(day), .int(Int64(ASOStore.dailySearchLimit))])
            let reserved = db.changes == 1
            let used =
                try db.scalar(
                    "SELECT used FROM quota_usage WHERE organization_id = ? AND day = ?",
                    [.text(organizationId), .text(day)]
                ).intValue ?? 0
            let quota = ASOStore.quota(used: used, at: now)
            guard reserved else { throw RPCError.asoQuotaExhausted(limit: quota.limit, resetsAt: quota.resetsAt) }
            return quota
        }
    }

    static func quota(used: Int, at now: Date) -> ASOQuota {
        ASOQuota(limit: dailySearchLimit, used: used, resetsAt: ISOTime.format(nextMidnight(after: now)))
    }
}
