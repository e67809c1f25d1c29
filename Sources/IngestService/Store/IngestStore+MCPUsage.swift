import HubStore

/// The MCP server's counter (`MCPMeter`): monthly credits per organization, taken in one
/// transaction that reads and raises the count together, so concurrent calls can never take
/// more than the limit. Daily profile reads are marketd's own count (`MarketAppGet`).
extension IngestStore {
    /// Takes one credit of `period` (`YYYY-MM`) unless `limit` is reached; nil `limit` never is.
    /// The month's count after the call, and whether this call took one.
    public func reserveMCPCredit(organizationId: String, period: String, limit: Int?) throws -> (used: Int, reserved: Bool) {
        try reserve(table: "mcp_credit_usage", key: "period", organizationId: organizationId, value: period, limit: limit)
    }

    /// The month's credits used so far.
    public func mcpCreditsUsed(organizationId: String, period: String) throws -> Int {
        try db.queryOne(
            "SELECT used FROM mcp_credit_usage WHERE organization_id = ? AND period = ?", [.text(organizationId), .text(period)]
        )?.int("used") ?? 0
    }

    private func reserve(table: String, key: String, organizationId: String, value: String, limit: Int?) throws -> (
        used: Int, reserved: Bool
    ) {
        try db.transaction {
            let used =
                try db.queryOne(
                    "SELECT used FROM \(table) WHERE organization_id = ? AND \(key) = ?", [.text(organizationId), .text(value)])?
                .int("used") ?? 0
            if let limit, used >= limit { return (used, false) }
            try db.run(
                """
                INSERT INTO \(table) (organization_id, \(key), used, updated_at) VALUES (?, ?, 1, ?)
                ON CONFLICT (organization_id, \(key)) DO UPDATE SET used = used + 1, updated_at = excluded.updated_at
                """, [.text(organizationId), .text(value), .text(now())])
            return (used + 1, true)
        }
    }
}
