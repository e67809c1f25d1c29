import Foundation
import HubRuntime
import HubStore

extension IngestStore {
    /// Which of `itemIds` the reader has marked read.
    public func readNotificationIds(organizationId: String, reader: String, itemIds: [String]) throws -> Set<String> {
        var read = Set<String>()
        // SQLite's variable limit is far above a feed's page, but chunks keep any list safe.
        for chunk in stride(from: 0, to: itemIds.count, by: 500).map({ Array(itemIds[$0..<min($0 + 500, itemIds.count)]) }) {
            let rows = try db.query(
                """
                SELECT item_id FROM notification_reads WHERE organization_id = ? AND reader = ?
                AND item_id IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", ")))
                """, [.text(organizationId), .text(reader)] + chunk.map { .text($0) })
            for row in rows { read.insert(try row.text("item_id")) }
        }
        return read
    }

    /// Marks the items read for the reader; an item already read keeps its first time.
    public func markNotificationsRead(organizationId: String, reader: String, itemIds: [String]) throws {
        let at = now()
        try db.transaction {
            for id in itemIds {
                try db.run(
                    """
                    INSERT INTO notification_reads (organization_id, reader, item_id, read_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (organization_id, reader, item_id) DO NOTHING
                    """, [.text(organizationId), .text(reader), .text(id), .text(at)])
            }
        }
    }

    /// Read rows older than `days`: by then the item has left the feed's window.
    public func deleteNotificationReads(olderThanDays days: Int) throws -> Int {
        let cutoff = ISOTime.format(clock.now().addingTimeInterval(-Double(days) * 86_400))
        return try db.transaction {
            try db.run("DELETE FROM notification_reads WHERE read_at < ?", [.text(cutoff)])
            return db.changes
        }
    }
}
