import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// Erasure requests and their progress (`ErasureDriver` moves them on).
extension IngestStore {
    /// Records a pending erasure with every daemon of its kind pending. Call inside the write
    /// transaction (`idempotent`'s closure).
    func insertErasure(organizationId: String, projectId: String?, kind: ErasureSubject.Kind, owner: ChatOwner?) throws
        -> ErasureRecord
    {
        let id = ids.next()
        let at = now()
        let daemons = Dictionary(uniqueKeysWithValues: ErasureDaemon.order(for: kind).map { ($0, ErasureDaemonState()) })
        try db.run(
            """
            INSERT INTO erasures (id, organization_id, project_id, subject_kind, owner_kind, owner_value, daemons, state,
                                  next_attempt_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)
            """,
            [
                .text(id), .text(organizationId), SQLValue(projectId), .text(kind.rawValue), SQLValue(owner?.kind.rawValue),
                SQLValue(owner?.value), .text(ErasureRecord.encode(daemons: daemons)), .text(at), .text(at), .text(at),
            ])
        return try ErasureRecord(row: db.queryOne("SELECT * FROM erasures WHERE id = ?", [.text(id)])!)
    }

    /// An erasure of the organization, or nil (another organization's is nil too).
    public func erasure(id: String, organizationId: String) throws -> ErasureRecord? {
        try db.queryOne("SELECT * FROM erasures WHERE id = ? AND organization_id = ?", [.text(id), .text(organizationId)])
            .map(ErasureRecord.init(row:))
    }

    /// Pending erasures, oldest first; with `dueBy`, only those whose retry time has come.
    func pendingErasures(dueBy: String?, limit: Int = 100) throws -> [ErasureRecord] {
        if let dueBy {
            return try db.query(
                "SELECT * FROM erasures WHERE state = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?",
                [.text(dueBy), .int(Int64(limit))]
            ).map(ErasureRecord.init(row:))
        }
        return try db.query("SELECT * FROM erasures WHERE state = 'pending' ORDER BY id LIMIT ?", [.int(Int64(limit))])
            .map(ErasureRecord.init(row:))
    }

    /// Writes an erasure's progress. Done, it forgets whose data it was: the owner columns are
    /// cleared in the same statement that marks it done.
    func saveErasure(_ record: ErasureRecord, nextAttemptAt: Date) throws {
        let at = now()
        let done = record.state == .done
        try db.run(
            """
            UPDATE erasures SET conversation_ids = ?, daemons = ?, state = ?, attempts = ?, next_attempt_at = ?, updated_at = ?,
                completed_at = CASE WHEN ? THEN ? ELSE completed_at END,
                owner_kind = CASE WHEN ? THEN NULL ELSE owner_kind END,
                owner_value = CASE WHEN ? THEN NULL ELSE owner_value END
            WHERE id = ?
            """,
            [
                .text(IngestStore.jsonArray(record.conversationIds)), .text(ErasureRecord.encode(daemons: record.daemons)),
                .text(record.state.rawValue), .int(Int64(record.attempts)), .text(ISOTime.format(nextAttemptAt)), .text(at),
                SQLValue(done), .text(at), SQLValue(done), SQLValue(done), .text(record.id),
            ])
    }

    /// The IDs of an organization's projects, for an organization erasure.
    func organizationProjectIds(_ organizationId: String) throws -> [String] {
        try db.query("SELECT id FROM projects WHERE organization_id = ? ORDER BY id", [.text(organizationId)]).map { try $0.text("id") }
    }
}
