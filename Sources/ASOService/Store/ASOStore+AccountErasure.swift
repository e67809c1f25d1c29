import HubMessaging
import HubStore

/// Account erasure (`erasure.organization`): everything asod keeps for an organization or its
/// apps, down to the review drafts it spent. The search cache (`observations`, `observation_apps`), store listings and public
/// ratings are the App Store's public data, shared by every organization, and stay.
extension ASOStore {
    /// The rows of one table an organization owns: `?1` is the organization ID, `?2` the JSON
    /// array of its project IDs.
    static let organizationTables: [(kind: String, table: String, condition: String)] = {
        let owned = "(organization_id = ?1 OR project_id IN (SELECT value FROM json_each(?2)))"
        // Children before parents: items and ranks are reached through their job or keyword.
        return [
            ("priceJobItems", "price_job_items", "job_id IN (SELECT id FROM price_jobs WHERE \(owned))"),
            ("priceJobs", "price_jobs", owned),
            ("pricePreviews", "price_previews", owned),
            ("rankHistory", "keyword_ranks", "keyword_id IN (SELECT id FROM tracked_keywords WHERE \(owned))"),
            ("trackedKeywords", "tracked_keywords", owned),
            ("keywordGroups", "keyword_groups", owned),
            ("reviews", "asc_reviews", owned),
            ("metadataPublishLog", "metadata_publish_log", owned),
            ("revenueSnapshots", "revenue_snapshots", "project_id IN (SELECT value FROM json_each(?2))"),
            ("revenueConnections", "revenue_connections", owned),
            ("appStoreConnections", "asc_connections", "organization_id = ?1"),
            ("quotaUsage", "quota_usage", "organization_id = ?1"),
            ("reviewDraftUsage", "review_draft_usage", "organization_id = ?1"),
        ]
    }()

    /// One transaction over every table of `organizationTables`.
    public func eraseOrganization(_ subject: ErasureSubject) throws -> ErasureApplyReport {
        guard subject.kind == .organization else {
            throw RPCError(code: "INVALID_PAYLOAD", message: "subject.kind: must be organization", status: 400)
        }
        let args: [SQLValue] = [.text(subject.organizationId), .jsonArray(subject.projectIds)]
        return try db.transaction {
            var erased: [String: Int] = [:]
            for (kind, table, condition) in ASOStore.organizationTables {
                // SQLite counts parameters up to the highest number used.
                let deleted = try db.runCounting("DELETE FROM \(table) WHERE \(condition)", condition.contains("?2") ? args : [args[0]])
                if deleted > 0 { erased[kind] = deleted }
            }
            return ErasureApplyReport(erased: erased)
        }
    }
}
