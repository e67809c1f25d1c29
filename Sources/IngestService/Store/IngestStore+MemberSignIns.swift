import HubStore

extension IngestStore {
    /// When each member of the organization last opened a session (signed in, accepted a
    /// link, changed their password), by member ID; a member who never did is absent. One
    /// query over `user_sessions_by_member`, whatever the number of members.
    public func lastSignIns(organizationId: String) throws -> [String: String] {
        let rows = try db.query(
            """
            SELECT member_id, MAX(created_at) AS at FROM user_sessions
            WHERE member_id IN (SELECT id FROM organization_members WHERE organization_id = ?) GROUP BY member_id
            """, [.text(organizationId)])
        var out: [String: String] = [:]
        for row in rows {
            if let member = row.string("member_id"), let at = row.string("at") { out[member] = at }
        }
        return out
    }
}
