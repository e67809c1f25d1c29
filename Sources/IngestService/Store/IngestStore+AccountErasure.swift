import HubMessaging
import HubRuntime
import HubStore

/// Account erasure, ingest's part: the organization's apps with their community, reports,
/// changelog and hosted-page sessions, its people, tokens, counters and pending events, and
/// the organization itself. ingest erases last, after every other daemon confirmed, so it can
/// still name what they had to erase until then.
extension IngestStore {
    /// What the other daemons are asked to erase: the organization's apps, and the members,
    /// invitations and report replies pushd's email queue is keyed by.
    public func organizationErasureScope(_ organizationId: String) throws -> (
        subject: ErasureSubject, records: ErasureOrganizationRecords
    ) {
        let org = SQLValue.text(organizationId)
        func ids(_ sql: String) throws -> [String] { try db.query(sql, [org]).compactMap { $0.string("id") } }
        let projects = try ids("SELECT id FROM projects WHERE organization_id = ? ORDER BY id")
        let records = ErasureOrganizationRecords(
            memberIds: try ids("SELECT id FROM organization_members WHERE organization_id = ? ORDER BY id"),
            invitationIds: try ids("SELECT id FROM account_codes WHERE organization_id = ? AND kind = 'invitation' ORDER BY id"),
            replyIds: try ids(
                """
                SELECT r.id FROM feedback_replies r JOIN feedback f ON f.id = r.feedback_id
                JOIN projects p ON p.id = f.project_id WHERE p.organization_id = ? ORDER BY r.id
                """))
        return (.organization(organizationId, projectIds: projects), records)
    }

    /// Erases everything of the organization in one transaction, screenshots first: when the
    /// object store refuses a delete, nothing is committed and the retry finds the reports that
    /// name the remaining screenshots (503 `OBJECTS_UNAVAILABLE`). Erasing what is already gone
    /// counts nothing. Users who belonged to no other organization go with their membership.
    public func eraseOrganization(_ organizationId: String, objects: ObjectStore?) throws -> [String: Int] {
        try db.transaction {
            let org = SQLValue.text(organizationId)
            let projects = SQLValue.jsonArray(
                try db.query("SELECT id FROM projects WHERE organization_id = ?", [org]).compactMap { $0.string("id") })
            let soleUsers = SQLValue.jsonArray(
                try db.query(
                    """
                    SELECT user_id FROM organization_members WHERE organization_id = ?1 AND user_id IS NOT NULL
                        AND user_id NOT IN (SELECT user_id FROM organization_members WHERE organization_id <> ?1 AND user_id IS NOT NULL)
                    """, [org]
                ).compactMap { $0.string("user_id") })
            var erased: [String: Int] = ["screenshots": try eraseScreenshots(projects: projects, objects: objects)]
            for step in IngestStore.organizationErasureSteps {
                let values: [OrganizationErasureStep.Bind: SQLValue] = [.organization: org, .projects: projects, .soleUsers: soleUsers]
                let changed = try db.runCounting(step.sql, step.binds.map { values[$0]! })
                if changed > 0 { erased[step.kind, default: 0] += changed }
            }
            return erased.filter { $0.value > 0 }
        }
    }

    /// Deletes the screenshot objects of the projects' reports, and any left under a project's
    /// path by a report whose row never committed; returns how many keys were deleted.
    private func eraseScreenshots(projects: SQLValue, objects: ObjectStore?) throws -> Int {
        let projectIds = try db.query("SELECT value FROM json_each(?)", [projects]).compactMap { $0.string("value") }
        var keys = Set(
            try db.query(
                "SELECT screenshot_key FROM feedback WHERE screenshot_key IS NOT NULL AND project_id IN (SELECT value FROM json_each(?))",
                [projects]
            ).compactMap { $0.string("screenshot_key") })
        guard let objects else {
            guard keys.isEmpty else { throw ErasureRetry(message: "no object store for the screenshots") }
            return 0
        }
        do {
            for projectId in projectIds {
                for object in try objects.list(prefix: "screenshots/" + projectId.lowercased() + "/") { keys.insert(object.key) }
            }
            for key in keys.sorted() { try objects.delete(key: key) }
        } catch is ObjectStoreError {
            // The message names no key: keys hold project IDs, and the erasure keeps its last error.
            throw ErasureRetry(message: "object storage refused a screenshot delete; retry later")
        }
        return keys.count
    }

    /// Records the organization's account erasure, or answers the one already pending, and
    /// drops its events not yet delivered so none reaches a daemon after that daemon's part.
    func beginAccountErasure(_ organizationId: String) throws -> ErasureRecord {
        try db.transaction {
            if let pending = try db.queryOne(
                "SELECT * FROM erasures WHERE organization_id = ? AND subject_kind = 'organization' AND state = 'pending'",
                [.text(organizationId)])
            {
                return try ErasureRecord(row: pending)
            }
            try db.run(
                """
                DELETE FROM outbox WHERE acknowledged_at IS NULL AND (
                    project_id IN (SELECT id FROM projects WHERE organization_id = ?1)
                    OR (json_valid(payload) AND json_extract(payload, '$.organizationId') = ?1))
                """, [.text(organizationId)])
            return try insertErasure(organizationId: organizationId, projectId: nil, kind: .organization, owner: nil)
        }
    }
}
