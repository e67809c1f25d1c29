import Foundation
import Shared

extension IngestStore {
    /// Acknowledged outbox events older than `days`; pending ones are never removed.
    public func deleteAcknowledgedOutbox(olderThanDays days: Int) throws -> Int {
        let cutoff = ISOTime.format(clock.now().addingTimeInterval(-Double(days) * 86_400))
        return try db.transaction {
            try db.run("DELETE FROM outbox WHERE acknowledged_at IS NOT NULL AND acknowledged_at < ?", [.text(cutoff)])
            return db.changes
        }
    }

    /// Whether a report refers to the screenshot object `key`
    /// (`screenshots/<project>/<feedback id>.<ext>`), looked up by the report's ID.
    public func isReferencedScreenshot(key: String) throws -> Bool {
        guard let file = key.split(separator: "/").last, let dot = file.firstIndex(of: ".") else { return false }
        let feedbackId = String(file[..<dot])
        let stored = try db.queryOne("SELECT screenshot_key FROM feedback WHERE id = ?", [.text(feedbackId)])?
            .string("screenshot_key")
        return stored == key
    }
}
