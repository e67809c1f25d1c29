import HubMessaging
import HubRuntime
import HubStore

/// Account erasure (`erasure.organization`): what pushd holds for an organization's apps and
/// people — devices, pushes, received events, APNs credentials, Telegram and Discord
/// connections with everything they map and queue, held alerts and queued emails.
extension PushStore {
    /// One transaction. Integration rows go with their connection (`ON DELETE CASCADE`), so they
    /// are counted first. Emails are found by their dedupe keys (`EmailAlertComposer`,
    /// `ReplyEmail`): alerts of the projects' events or to the members, the members' digests,
    /// the organization's invitations and its reports' replies.
    public func eraseOrganization(_ request: ErasureApplyRequest) throws -> ErasureApplyReport {
        let subject = request.subject
        guard subject.kind == .organization else {
            throw RPCError(code: "INVALID_PAYLOAD", message: "subject.kind: must be organization", status: 400)
        }
        let records = request.organizationRecords ?? ErasureOrganizationRecords()
        let projects = SQLValue.jsonArray(subject.projectIds)
        let organization = SQLValue.text(subject.organizationId)
        let inProjects = "project_id IN (SELECT value FROM json_each(?))"
        let ofOrganization = "(\(inProjects) OR organization_id = ?)"
        return try db.transaction {
            var erased: [String: Int] = [:]
            func delete(_ kind: String, _ sql: String, _ args: [SQLValue]) throws {
                erased[kind, default: 0] += try db.runCounting(sql, args)
            }
            func count(_ kind: String, _ sql: String, _ args: [SQLValue]) throws {
                erased[kind, default: 0] += Int(try db.scalar(sql, args).int64Value ?? 0)
            }
            // The events' IDs name their alert emails; invitation events carry no project. A
            // payload that is not JSON is kept by `receive`, so it is checked before reading.
            let eventsSQL = """
                SELECT id FROM chat_events WHERE \(inProjects) 
                    OR (json_valid(payload) AND json_extract(payload, '$.organizationId') = ?)
                """
            let eventIds = try db.query(eventsSQL, [projects, organization]).compactMap { $0.string("id") }
            try delete(
                "emails", "DELETE FROM email_queue WHERE id IN (SELECT value FROM json_each(?))",
                [
                    .text(
                        "[" + (try organizationEmails(records: records, eventIds: Set(eventIds))).map(String.init).joined(separator: ",")
                            + "]")
                ])
            try delete("pendingAlerts", "DELETE FROM email_alerts_pending WHERE \(inProjects)", [projects])
            try delete("events", eventsSQL.replacingOccurrences(of: "SELECT id", with: "DELETE"), [projects, organization])
            try delete("queuedPushes", "DELETE FROM push_queue WHERE \(inProjects)", [projects])
            try delete("devices", "DELETE FROM push_devices WHERE \(inProjects)", [projects])
            try delete("pushCredentials", "DELETE FROM push_credentials WHERE \(inProjects)", [projects])
            let integrations = "integration_id IN (SELECT id FROM integrations WHERE \(ofOrganization))"
            for (kind, table) in [
                ("telegramGroups", "integration_groups"), ("telegramMembers", "integration_members"),
                ("telegramThreads", "integration_threads"), ("telegramMessages", "integration_messages"),
                ("telegramQueue", "integration_queue"),
            ] {
                try count(kind, "SELECT COUNT(*) FROM \(table) WHERE \(integrations)", [projects, organization])
            }
            try delete("telegramConnections", "DELETE FROM integrations WHERE \(ofOrganization)", [projects, organization])
            let installations = "project_id IN (SELECT project_id FROM discord_installations WHERE \(ofOrganization))"
            try count("discordThreads", "SELECT COUNT(*) FROM discord_threads WHERE \(installations)", [projects, organization])
            try count("discordQueue", "SELECT COUNT(*) FROM discord_outbox WHERE \(installations)", [projects, organization])
            try delete("discordConnections", "DELETE FROM discord_installations WHERE \(ofOrganization)", [projects, organization])
            try delete("discordStates", "DELETE FROM discord_states WHERE \(ofOrganization)", [projects, organization])
            return ErasureApplyReport(erased: erased.filter { $0.value > 0 })
        }
    }

    /// The queue rows of the organization's emails, by their dedupe keys: `invite:<invitation>`,
    /// `reply:<reply>`, `alert:<event>:<member>` of its events or members, `digest:<member>:<day>`.
    /// Alerts and digests are matched by reading their keys: the queue keeps 30 days of them.
    private func organizationEmails(records: ErasureOrganizationRecords, eventIds: Set<String>) throws -> [Int64] {
        let exact = Set(
            records.invitationIds.map(EmailAlertComposer.invitationKey) + records.replyIds.map { ReplyEmail.dedupeKey(replyId: $0) })
        let members = Set(records.memberIds)
        var ids: [Int64] = []
        for row in try db.query("SELECT id, dedupe_key FROM email_queue WHERE kind IN ('alert', 'digest', 'invitation', 'reply')") {
            guard let id = row.int64("id"), let key = row.string("dedupe_key") else { continue }
            let parts = key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let matches: Bool
            switch parts.first {
            case "alert": matches = parts.count == 3 && (eventIds.contains(parts[1]) || members.contains(parts[2]))
            case "digest": matches = parts.count == 3 && members.contains(parts[1])
            default: matches = exact.contains(key)
            }
            if matches { ids.append(id) }
        }
        return ids
    }
}
