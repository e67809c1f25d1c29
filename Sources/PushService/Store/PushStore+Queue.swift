import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// The delivery queue: rows are created with the chat event that causes them, taken by the
/// worker while due, and completed only when an attempt's outcome commits, so a crash at any
/// point leaves a push pending (it may then go out twice, never zero times).
extension PushStore {
    /// Attempts a push gets before it fails for good.
    public static let maximumAttempts = 8
    /// Completed rows and pending ones are kept this long.
    public static let queueRetention: TimeInterval = 7 * 86_400
    /// A token not registered again for this long is dropped.
    public static let deviceRetention: TimeInterval = 180 * 86_400
    /// Completed Discord deliveries are kept this long.
    public static let discordCompletedRetention: TimeInterval = 30 * 86_400

    var nowMillis: Int64 { clock.nowMillis() }

    /// Queues the pushes an event calls for; call inside the transaction that stores it.
    /// Replies become alerts, reads and resolutions badge updates, for every device of the
    /// conversation's owner, provided the project has credentials. Returns how many it queued.
    func enqueue(for event: ChatEvent, body: OutboxEventBody) throws -> Int {
        let kind: PushQueueItem.Kind
        let ownerKind: String
        let ownerValue: String
        switch body {
        case .chatReplied(let replied): (kind, ownerKind, ownerValue) = (.alert, replied.ownerKind, replied.ownerValue)
        case .chatRead(let read): (kind, ownerKind, ownerValue) = (.badge, read.ownerKind, read.ownerValue)
        case .chatResolved(let resolved): (kind, ownerKind, ownerValue) = (.badge, resolved.ownerKind, resolved.ownerValue)
        default: return 0
        }
        guard let projectId = event.projectId,
            try db.queryOne("SELECT 1 FROM push_credentials WHERE project_id = ?", [.text(projectId)]) != nil
        else { return 0 }
        let devices = try db.query(
            """
            SELECT environment, token FROM push_devices WHERE project_id = ? AND owner_kind = ? AND owner_value = ?
            """, [.text(projectId), .text(ownerKind), .text(ownerValue)])
        let now = nowMillis
        let createdAt = ISOTime.format(clock.now())
        var queued = 0
        for device in devices {
            try db.run(
                """
                INSERT OR IGNORE INTO push_queue (event_id, project_id, environment, token, owner_kind, owner_value, kind,
                                                  apns_id, status, next_attempt_ms, created_at, created_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)
                """,
                [
                    .text(event.id), .text(projectId), .text(device.text("environment")), .text(device.text("token")),
                    .text(ownerKind), .text(ownerValue), .text(kind.rawValue), .text(UUID().uuidString.lowercased()),
                    .int(now), .text(createdAt), .int(now),
                ])
            queued += db.changes
        }
        return queued
    }

    /// Pending pushes due now with an ID above `after`, in ID order.
    public func duePushes(after: Int64, limit: Int) throws -> [PushQueueItem] {
        try db.query(
            """
            SELECT \(PushQueueItem.columns) FROM push_queue
            WHERE status = 'pending' AND next_attempt_ms <= ? AND id > ? ORDER BY id LIMIT ?
            """, [.int(nowMillis), .int(after), .int(Int64(limit))], map: PushQueueItem.init(columns:))
    }

    /// Records a batch of outcomes in one transaction. `badge` is what was sent.
    /// Returns how many attempts were scheduled again, and the reasons of pushes whose last
    /// attempt this was.
    @discardableResult
    public func record(
        _ results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)],
        retryBase: TimeInterval
    ) throws -> (retries: Int, exhausted: [String]) {
        let now = nowMillis
        var retries = 0
        var exhausted: [String] = []
        try db.transaction {
            try completeSent(results, now: now)
            for (item, outcome, badge) in results {
                switch outcome {
                case .sent:
                    continue
                case .retry(let reason, let status):
                    let attempts = item.attempts + 1
                    if attempts >= PushStore.maximumAttempts {
                        try complete(
                            item, status: "failed", httpStatus: status, reason: reason, badge: badge, now: now,
                            attempts: attempts)
                        exhausted.append(reason)
                    } else {
                        retries += 1
                        let delay = retryBase * pow(2, Double(attempts - 1))
                        try db.run(
                            """
                            UPDATE push_queue SET attempts = ?, next_attempt_ms = ?, last_status = ?, last_reason = ?
                            WHERE id = ? AND status = 'pending'
                            """,
                            [
                                .int(Int64(attempts)), .int(now + Int64(delay * 1000)), SQLValue(status.map(Int64.init)),
                                .text(reason), .int(item.id),
                            ])
                    }
                case .providerToken(let reason):
                    try db.run(
                        "UPDATE push_queue SET last_status = 403, last_reason = ? WHERE id = ? AND status = 'pending'",
                        [.text(reason), .int(item.id)])
                case .permanent(let reason, let status, let invalidToken):
                    try complete(item, status: "failed", httpStatus: status, reason: reason, badge: badge, now: now)
                    if invalidToken { try removeDevice(projectId: item.projectId, environment: item.environment, token: item.token) }
                case .unregistered(let reason, let timestamp):
                    try complete(item, status: "failed", httpStatus: 410, reason: reason, badge: badge, now: now)
                    let registered = try db.scalar(
                        """
                        SELECT registered_ms FROM push_devices WHERE project_id = ? AND environment = ? AND token = ?
                        """, [.text(item.projectId), .text(item.environment.rawValue), .text(item.token)]
                    ).int64Value
                    // A registration renewed after APNs saw the token invalid belongs to a new install.
                    if let registered, timestamp.map({ $0 >= registered }) ?? true {
                        try removeDevice(projectId: item.projectId, environment: item.environment, token: item.token)
                    }
                case .cancelled(let reason):
                    try complete(item, status: "cancelled", httpStatus: nil, reason: reason, badge: nil, now: now)
                }
            }
        }
        return (retries, exhausted)
    }

    /// Marks a batch's sent pushes done: completion time, badge sent, a JSON array of IDs.
    /// It runs for every push, so the indexes it has to write are kept few (see
    /// `PushSchema.tokenIndex`).
    static let markSentSQL = """
        UPDATE push_queue SET status = 'sent', attempts = attempts + 1, completed_ms = ?, last_status = 200,
                              last_reason = NULL, badge = ?
        WHERE id IN (SELECT value FROM json_each(?)) AND status = 'pending'
        """

    /// Marks every sent push of a batch done with one statement per badge value instead of
    /// one per push: at thousands of pushes a second the per-statement cost adds up.
    private func completeSent(_ results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)], now: Int64) throws {
        var idsByBadge: [Int?: [Int64]] = [:]
        for (item, outcome, badge) in results {
            guard case .sent = outcome else { continue }
            idsByBadge[badge, default: []].append(item.id)
        }
        for (badge, ids) in idsByBadge {
            // Only the worker changes a pending row's attempts, so attempts + 1 is what it read plus one.
            try db.run(
                PushStore.markSentSQL,
                [.int(now), SQLValue(badge.map(Int64.init)), .text("[" + ids.map(String.init).joined(separator: ",") + "]")])
        }
    }

    private func complete(
        _ item: PushQueueItem, status: String, httpStatus: Int?, reason: String?, badge: Int?, now: Int64,
        attempts: Int? = nil
    ) throws {
        try db.run(
            """
            UPDATE push_queue SET status = ?, attempts = ?, completed_ms = ?, last_status = ?, last_reason = ?, badge = ?
            WHERE id = ? AND status = 'pending'
            """,
            [
                .text(status), .int(Int64(attempts ?? item.attempts + (status == "cancelled" ? 0 : 1))), .int(now),
                SQLValue(httpStatus.map(Int64.init)), SQLValue(reason), SQLValue(badge.map(Int64.init)), .int(item.id),
            ])
    }

    /// Deletes a registration and cancels its pending pushes; inside a transaction.
    func removeDevice(projectId: String, environment: PushEnvironment, token: String) throws {
        try cancelPending(projectId: projectId, environment: environment, token: token, reason: "DeviceRemoved")
        try db.run(
            "DELETE FROM push_devices WHERE project_id = ? AND environment = ? AND token = ?",
            [.text(projectId), .text(environment.rawValue), .text(token)])
    }

    func cancelPending(projectId: String, environment: PushEnvironment, token: String, reason: String) throws {
        try db.run(
            """
            UPDATE push_queue SET status = 'cancelled', completed_ms = ?, last_reason = ?
            WHERE project_id = ? AND environment = ? AND token = ? AND status = 'pending'
            """, [.int(nowMillis), .text(reason), .text(projectId), .text(environment.rawValue), .text(token)])
    }

    /// The retention rules: pending pushes and integration posts older than 7 days are discarded,
    /// completed rows and received events older than 7 days deleted, tokens not registered and
    /// integration message mappings older than 180 days dropped.
    /// Returns how many pending pushes were discarded.
    @discardableResult
    public func cleanUp() throws -> Int {
        let now = nowMillis
        let queueCutoff = now - Int64(PushStore.queueRetention * 1000)
        let deviceCutoff = now - Int64(PushStore.deviceRetention * 1000)
        let eventCutoff = ISOTime.format(clock.now().addingTimeInterval(-PushStore.queueRetention))
        return try db.transaction {
            try db.run(
                """
                UPDATE push_queue SET status = 'discarded', completed_ms = ?, last_reason = 'Expired'
                WHERE status = 'pending' AND created_ms < ?
                """, [.int(now), .int(queueCutoff)])
            let discarded = db.changes
            try db.run("DELETE FROM push_queue WHERE status <> 'pending' AND completed_ms < ?", [.int(queueCutoff)])
            for device in try db.query(
                "SELECT project_id, environment, token FROM push_devices WHERE registered_ms < ?",
                [.int(deviceCutoff)])
            {
                try removeDevice(
                    projectId: device.text("project_id"),
                    environment: PushEnvironment(rawValue: device.text("environment")) ?? .production,
                    token: device.text("token"))
            }
            try db.run("DELETE FROM chat_events WHERE received_at < ?", [.text(eventCutoff)])
            // Integration posts follow the pushes' rule: a week late (a connection halted that
            // long) they no longer help; message mappings (for replies in groups without Topics)
            // last as long as devices.
            try db.run("DELETE FROM integration_queue WHERE created_ms < ?", [.int(queueCutoff)])
            try db.run("DELETE FROM integration_messages WHERE created_ms < ?", [.int(deviceCutoff)])
            // Discord's completed rows are kept 30 days (what reconciliation may still need);
            // pending ones and those kept with RECONCILE_LIMIT have no deadline.
            try db.run(
                "DELETE FROM discord_outbox WHERE state = 'done' AND completed_ms < ?",
                [.int(now - Int64(PushStore.discordCompletedRetention * 1000))])
            return discarded
        }
    }

    /// Pending pushes and the age in seconds of the oldest.
    public func queueFigures() throws -> (depth: Int, oldestSeconds: Double) {
        guard let row = try db.queryOne("SELECT COUNT(*) AS n, MIN(created_ms) AS oldest FROM push_queue WHERE status = 'pending'")
        else { return (0, 0) }
        let depth = row.int("n") ?? 0
        guard let oldest = row.int64("oldest") else { return (depth, 0) }
        return (depth, max(0, Double(nowMillis - oldest) / 1000))
    }
}
