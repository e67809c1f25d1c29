import Foundation
import HubRuntime
import HubStore

extension IngestStore {
    /// Counts one "Request a feature" attempt of `userId` unless `limit` were already made in
    /// the last `window` seconds; then nothing is counted and the answer is the seconds until
    /// the oldest of them leaves the window. Older attempts of the user are dropped on the way.
    func countFeatureRequestAttempt(userId: String, limit: Int, window: TimeInterval) throws -> Int? {
        let now = clock.now()
        let since = ISOTime.format(now.addingTimeInterval(-window))
        return try db.transaction {
            try db.run(
                "DELETE FROM feature_request_attempts WHERE user_id = ? AND attempted_at <= ?", [.text(userId), .text(since)])
            let recent = try db.query(
                "SELECT attempted_at FROM feature_request_attempts WHERE user_id = ? ORDER BY attempted_at LIMIT ?",
                [.text(userId), .int(Int64(limit))])
            if recent.count >= limit, let oldest = recent.first?.string("attempted_at").flatMap(ISOTime.parse) {
                return max(1, Int(oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up)))
            }
            try db.run(
                "INSERT INTO feature_request_attempts (id, user_id, attempted_at) VALUES (?, ?, ?)",
                [.text(ids.next()), .text(userId), .text(ISOTime.format(now))])
            return nil
        }
    }
}
