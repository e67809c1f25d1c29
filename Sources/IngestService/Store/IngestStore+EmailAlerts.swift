import Foundation
import HubHTTPServer
import HubMessaging
import HubStore

extension IngestStore {
    /// A member's email alerts: what they saved, else their role's defaults.
    public func emailAlertPreferences(memberId: String, role: Role) throws -> EmailAlertPreferences {
        guard let row = try db.queryOne("SELECT * FROM email_alert_preferences WHERE member_id = ?", [.text(memberId)]) else {
            return .defaults(for: role)
        }
        return IngestStore.preferences(from: row)
    }

    /// Saves the acting member's own email alerts (nobody sets another's).
    public func saveEmailAlertPreferences(_ preferences: EmailAlertPreferences, by actor: AccountActor) throws {
        guard let memberId = actor.memberId else { throw APIError.roleForbidden }
        try db.transaction {
            guard try member(id: memberId, organizationId: actor.organizationId) != nil else { throw APIError.adminNotFound("member") }
            try db.run(
                """
                INSERT INTO email_alert_preferences (member_id, new_conversation, new_report, daily_digest, updated_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (member_id) DO UPDATE SET new_conversation = excluded.new_conversation,
                    new_report = excluded.new_report, daily_digest = excluded.daily_digest, updated_at = excluded.updated_at
                """,
                [
                    .text(memberId), .int(preferences.newConversation ? 1 : 0), .int(preferences.newReport ? 1 : 0),
                    .int(preferences.dailyDigest ? 1 : 0), .text(now()),
                ])
        }
    }

    /// The members of the project's organization who want an alert of `kind` and whose role
    /// may open what it points to, oldest first; `found: false` for an unknown project.
    public func emailAlertRecipients(projectId: String, kind: EmailAlertKind) throws -> EmailAlertRecipients.Response {
        guard
            let project = try db.queryOne(
                """
                SELECT p.name AS app_name, p.organization_id, o.name AS organization_name
                FROM projects p JOIN organizations o ON o.id = p.organization_id WHERE p.id = ?
                """, [.text(projectId)])
        else { return EmailAlertRecipients.Response(found: false, appName: "", organizationName: "", recipients: []) }
        let recipients = try alertMembers(organizationId: project.text("organization_id")).compactMap {
            member, preferences -> EmailAlertRecipients.Recipient? in
            guard preferences.wants(kind), EmailAlertPreferences.role(member.role, mayReceive: kind) else { return nil }
            return EmailAlertRecipients.Recipient(memberId: member.id, email: member.email, name: member.name)
        }
        return EmailAlertRecipients.Response(
            found: true, appName: try project.text("app_name"), organizationName: try project.text("organization_name"),
            recipients: recipients)
    }

    /// One page (by member ID) of the members who want the daily digest, with their
    /// organization's apps; members whose role may see neither inbox are left out.
    public func emailDigestRecipients(after: String?, limit: Int) throws -> EmailDigestRecipients.Response {
        let limit = min(max(limit, 1), EmailDigestRecipients.maximumPage)
        // Defaults never include the digest, so only saved rows can ask for it.
        let rows = try db.query(
            """
            SELECT m.id, m.name, m.email, m.role, m.organization_id, o.name AS organization_name
            FROM email_alert_preferences e
            JOIN organization_members m ON m.id = e.member_id
            JOIN organizations o ON o.id = m.organization_id
            WHERE e.daily_digest = 1 AND m.id > ?
            ORDER BY m.id LIMIT ?
            """, [.text(after ?? ""), .int(Int64(limit + 1))])
        var apps: [String: [EmailDigestRecipients.App]] = [:]
        var members: [EmailDigestRecipients.Member] = []
        for row in rows.prefix(limit) {
            let role = Role(rawValue: try row.text("role")) ?? .member
            guard EmailAlertPreferences.role(role, mayReceive: .dailyDigest) else { continue }
            let organizationId = try row.text("organization_id")
            if apps[organizationId] == nil {
                apps[organizationId] = try db.query(
                    "SELECT id, name FROM projects WHERE organization_id = ? ORDER BY created_at, id", [.text(organizationId)]
                ).map { EmailDigestRecipients.App(projectId: try $0.text("id"), name: try $0.text("name")) }
            }
            members.append(
                EmailDigestRecipients.Member(
                    memberId: try row.text("id"), email: try row.text("email"), name: try row.text("name"),
                    organizationName: try row.text("organization_name"), apps: apps[organizationId] ?? []))
        }
        let next = rows.count > limit ? try rows[limit - 1].text("id") : nil
        return EmailDigestRecipients.Response(members: members, next: next)
    }

    /// Every member of the organization with what they are emailed about.
    func alertMembers(organizationId: String) throws -> [(OrganizationMember, EmailAlertPreferences)] {
        let saved = Dictionary(
            try db.query(
                """
                SELECT e.* FROM email_alert_preferences e JOIN organization_members m ON m.id = e.member_id
                WHERE m.organization_id = ?
                """, [.text(organizationId)]
            ).map { (try $0.text("member_id"), IngestStore.preferences(from: $0)) },
            uniquingKeysWith: { first, _ in first })
        return try members(organizationId: organizationId).map { ($0, saved[$0.id] ?? .defaults(for: $0.role)) }
    }

    static func preferences(from row: Row) -> EmailAlertPreferences {
        EmailAlertPreferences(
            newConversation: row.bool("new_conversation") ?? false, newReport: row.bool("new_report") ?? false,
            dailyDigest: row.bool("daily_digest") ?? false)
    }
}

extension IngestStore {
    /// A member by ID in whichever organization, with that organization's name.
    func memberAnywhere(id: String) throws -> (member: OrganizationMember, organizationId: String, organizationName: String)? {
        guard
            let row = try db.queryOne(
                "SELECT m.organization_id, o.name FROM organization_members m JOIN organizations o ON o.id = m.organization_id WHERE m.id = ?",
                [.text(id)]),
            let member = try member(id: id, organizationId: try row.text("organization_id"))
        else { return nil }
        return (member, try row.text("organization_id"), try row.text("name"))
    }

    /// Turns one alert off for `member`, keeping their other choices (their role's defaults
    /// when they never saved any).
    func turnOffEmailAlert(_ kind: EmailAlertKind, member: OrganizationMember, organizationId: String) throws {
        var preferences = try emailAlertPreferences(memberId: member.id, role: member.role)
        switch kind {
        case .newConversation: preferences.newConversation = false
        case .newReport: preferences.newReport = false
        case .dailyDigest: preferences.dailyDigest = false
        }
        try saveEmailAlertPreferences(preferences, by: AccountActor(organizationId: organizationId, role: member.role, memberId: member.id))
    }
}
