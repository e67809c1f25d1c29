import HubStore

extension IngestStore {
    /// Records that the member opened What's new now.
    public func markWhatsNewSeen(memberId: String) throws {
        try db.transaction {
            try db.run("UPDATE organization_members SET whats_new_seen_at = ? WHERE id = ?", [.text(now()), .text(memberId)])
        }
    }
}
