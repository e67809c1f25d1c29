import HubMessaging
import HubRuntime
import HubStore

/// Account erasure (`erasure.organization`): every conversation of an organization's apps with
/// its messages, read state, cards, paywall snapshots, photos and pending events.
extension ChatStore {
    /// Erases the projects' chat in one transaction, photos first: when the object store
    /// refuses a delete the transaction rolls back and the rows that name the remaining photos
    /// stay for the retry (`OBJECTS_UNAVAILABLE`). Nothing can add a photo between the deletes
    /// and the commit, since the transaction holds the write lock.
    public func eraseOrganization(_ subject: ErasureSubject) throws -> ErasureApplyReport {
        guard subject.kind == .organization else {
            throw RPCError.invalidPayload(field: "subject.kind", "must be organization")
        }
        let projects = SQLValue.jsonArray(subject.projectIds)
        let inProjects = "project_id IN (SELECT value FROM json_each(?))"
        return try db.transaction {
            let photos = try eraseOrganizationPhotos(subject.projectIds, projects: projects)
            var erased: [String: Int] = ["photos": photos]
            erased["cards"] = try count("SELECT COUNT(*) FROM messages WHERE \(inProjects) AND card IS NOT NULL", projects)
            erased["readStates"] = try count(
                "SELECT COUNT(*) FROM conversations WHERE \(inProjects) AND (user_read_seq > 0 OR team_read_seq > 0)", projects)
            for (kind, table) in [
                ("images", "images"), ("paywalls", "chat_paywalls"), ("paywallSnapshots", "chat_paywall_snapshots"),
                ("messages", "messages"), ("conversations", "conversations"), ("events", "outbox"),
            ] {
                erased[kind] = try db.runCounting("DELETE FROM \(table) WHERE \(inProjects)", [projects])
            }
            // No conversation IDs: the projects name everything the daemons after chatd erase, and
            // the erasure record, which stays, keeps none of them.
            return ErasureApplyReport(erased: erased.filter { $0.value > 0 })
        }
    }

    /// Deletes every photo object of the projects: those the image rows name (staged and sent)
    /// and any left under a project's sent path by a send that rolled back. Returns how many
    /// objects were deleted or found already gone.
    private func eraseOrganizationPhotos(_ projectIds: [String], projects: SQLValue) throws -> Int {
        var keys = Set<String>()
        for row in try db.query(
            "SELECT staging_key, sent_key FROM images WHERE project_id IN (SELECT value FROM json_each(?))", [projects])
        {
            if let key = row.string("staging_key") {
                keys.insert(key)
                // ingest keeps the raw upload beside its preview, under the image's ID.
                if key.hasPrefix(ChatImageLimits.stagingPrefix) && key.hasSuffix(".jpg") {
                    keys.insert(String(key.dropLast(4)) + ".upload")
                }
            }
            if let key = row.string("sent_key") { keys.insert(key) }
        }
        guard !keys.isEmpty || objects != nil else { return 0 }
        guard let objects else { throw ChatStore.objectsUnavailable }
        do {
            for projectId in projectIds {
                for object in try objects.list(prefix: ChatImageLimits.sentPrefix + projectId.lowercased() + "/") {
                    keys.insert(object.key)
                }
            }
            for key in keys.sorted() { try objects.delete(key: key) }
        } catch is ObjectStoreError {
            throw ChatStore.objectsUnavailable
        }
        return keys.count
    }

    private func count(_ sql: String, _ projects: SQLValue) throws -> Int {
        Int(try db.scalar(sql, [projects]).int64Value ?? 0)
    }

    /// 503 `OBJECTS_UNAVAILABLE`: the erasure is retried once the object store answers. The
    /// message names no key: keys hold project IDs, and the erasure record keeps the last error.
    static let objectsUnavailable = RPCError(
        code: ErasureApplyError.objectsUnavailable, message: "object storage refused a delete; retry later", status: 503)
}
