import Foundation
import HubRuntime

/// Daily profile reads and monthly credits per organization (the seed's "Créditos mensuales"):
/// a call's cost is reserved in one store transaction before the tool reads anything, so a
/// not-found or failed read keeps its cost, and a call refused for plan, quota or validation
/// (refused before this point) costs nothing. Discovering tools or prompts costs nothing.
struct MCPMeter: Sendable {
    enum Charge: Equatable, Sendable {
        case free
        /// One of the organization's daily profile reads (Free and Pro). marketd counts it when it
        /// reads the profile, in the same allowance the dashboard's and the operator API's profile
        /// reads spend, so the tool passes marketd's `daily` on and nothing is reserved here.
        case daily
        /// One monthly credit (Studio; counted but unlimited when self-hosted).
        case credit
    }

    let store: IngestStore
    let clock: Clock
    /// Studio's monthly allocation (`APPNORTH_STUDIO_MONTHLY_CREDITS`); zero refuses every Studio market read.
    let studioMonthlyCredits: Int

    /// Takes the call's cost; the members to add to its result (`credits`). Throws
    /// `creditsExhausted` when nothing is left, taking nothing.
    func reserve(_ charge: Charge, organizationId: String, plan: OrganizationPlan) throws -> [(String, MCPJSON)] {
        let now = clock.now()
        switch charge {
        case .free:
            return []
        case .daily:
            return []
        case .credit:
            let limit: Int? = plan == .selfhosted ? nil : studioMonthlyCredits
            let period = MCPMeter.month(now)
            let taken = try store.reserveMCPCredit(organizationId: organizationId, period: period, limit: limit)
            let credits = MCPMeter.credits(period: period, limit: limit, used: taken.used, cost: taken.reserved ? 1 : 0, now: now)
            guard taken.reserved else { throw MCPToolError.creditsExhausted(credits: credits) }
            return [("credits", credits)]
        }
    }

    /// The seed's `credits` object.
    static func credits(period: String, limit: Int?, used: Int, cost: Int, now: Date) -> MCPJSON {
        [
            "period": .string(period), "limit": limit.map(MCPJSON.int) ?? .null, "used": .int(used),
            "remaining": limit.map { .int(max(0, $0 - used)) } ?? .null, "cost": .int(cost), "unlimited": .bool(limit == nil),
            "resets_at": .string(ISOTime.format(nextMonth(now))),
        ]
    }

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// `YYYY-MM` in UTC.
    static func month(_ date: Date) -> String { String(ISOTime.format(date).prefix(7)) }

    static func nextMonth(_ date: Date) -> Date {
        let start = utc.date(from: utc.dateComponents([.year, .month], from: date))!
        return utc.date(byAdding: .month, value: 1, to: start)!
    }
}
