import HubMessaging
import HubStore

/// Account erasure (`erasure.organization`): an organization's own lists and counters in
/// marketd. The catalog, charts and imported records are global market data shared by every
/// organization, and stay.
extension MarketStore {
    /// Children before parents: a favorite's folder is cleared by `ON DELETE SET NULL`, but both go.
    static let organizationTables: [(kind: String, table: String)] = [
        ("watchlist", "watchlist"), ("favorites", "favorites"), ("favoriteFolders", "favorite_folders"),
        ("profileReads", "profile_reads"),
    ]

    /// One transaction over every table of `organizationTables`.
    public func eraseOrganization(_ subject: ErasureSubject) throws -> ErasureApplyReport {
        guard subject.kind == .organization else {
            throw RPCError(code: "INVALID_PAYLOAD", message: "subject.kind: must be organization", status: 400)
        }
        return try db.transaction {
            var erased: [String: Int] = [:]
            for (kind, table) in MarketStore.organizationTables {
                let deleted = try db.runCounting("DELETE FROM \(table) WHERE organization_id = ?", [.text(subject.organizationId)])
                if deleted > 0 { erased[kind] = deleted }
            }
            return ErasureApplyReport(erased: erased)
        }
    }
}
