import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime
import HubStore

extension IngestStore {
    /// Runs `write` in one transaction together with the record of its response under
    /// (project, route, scope, key), so an acknowledged write and its key commit together.
    /// A retry with the same key and byte-identical canonical payload gets the stored
    /// response (`replayed`); the same key with another payload is 409
    /// `IDEMPOTENCY_CONFLICT`. `route` names the method and concrete path (e.g.
    /// `PUT /api/v1/ideas/abc/vote`); `payload` is the canonical body
    /// (`IngestStore.canonicalPayload`). A write that throws leaves no record.
    public func idempotent(
        projectId: String, route: String, scope: String, key: String?, payload: [UInt8],
        _ write: () throws -> (status: Int, body: [UInt8])
    ) throws -> (status: Int, body: [UInt8], replayed: Bool) {
        try idempotent(projectId: projectId, route: route, scope: scope, claim: IdempotencyClaim(key: key, payload: payload), write)
    }

    /// `idempotent` with the key checked and the payload hashed beforehand: a write queued for
    /// the writer thread (`CommunityWrites`) makes its claim first, so the writer, which every
    /// write waits for, does not hash.
    public func idempotent(
        projectId: String, route: String, scope: String, claim: IdempotencyClaim?,
        _ write: () throws -> (status: Int, body: [UInt8])
    ) throws -> (status: Int, body: [UInt8], replayed: Bool) {
        guard let claim else {
            let result = try db.transaction { try write() }
            return (result.status, result.body, false)
        }
        // key_hash64(route, scope), as migration 0027 stored it: hashed once for the lookup and the insert.
        let routeScopeHash = SQLValue.int(KeyHash64.of(route, scope))
        return try db.transaction {
            if let row = try db.queryOne(
                """
                SELECT request_hash, status, response_body FROM idempotency_records
                WHERE project_id = ?1 AND route_scope_hash = ?5 AND key = ?4 AND route = ?2 AND scope = ?3
                """, [.text(projectId), .text(route), .text(scope), .text(claim.key), routeScopeHash])
            {
                guard row.string("request_hash") == claim.payloadHash else { throw APIError.idempotencyConflict }
                return (Int(try row.integer("status")), row.blob("response_body") ?? [], true)
            }
            let result = try write()
            try db.run(
                """
                INSERT INTO idempotency_records (project_id, route, scope, key, request_hash, status, response_body, created_at,
                                                 route_scope_hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(projectId), .text(route), .text(scope), .text(claim.key), .text(claim.payloadHash), .int(Int64(result.status)),
                    .blob(result.body), .text(now()), routeScopeHash,
                ])
            return (result.status, result.body, false)
        }
    }

    /// 8-128 characters of letters, digits, `.`, `_`, `:` and `-`.
    public static func isValidIdempotencyKey(_ key: String) -> Bool {
        let u = key.utf8
        return InputLimits.idempotencyKey.contains(u.count)
            && u.allSatisfy {
                ($0 >= 48 && $0 <= 58) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 || $0 == 45 || $0 == 46
            }
    }

    /// A JSON body re-serialized with sorted keys and no whitespace, so formatting alone
    /// never turns a retry into a conflict; other bytes are taken as they are.
    public static func canonicalPayload(_ body: [UInt8]) -> [UInt8] {
        CanonicalJSON.canonical(body) ?? serializedPayload(body)
    }

    /// `canonicalPayload` through `JSONSerialization`, for what `CanonicalJSON` leaves to it.
    static func serializedPayload(_ body: [UInt8]) -> [UInt8] {
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: object,
                options: [
                    .sortedKeys, .fragmentsAllowed,
                    .withoutEscapingSlashes,
                ])
        else {
            return body
        }
        return Array(data)
    }

    /// Records older than `days` go; the hub keeps them at least 7 days (docs/http-conventions.md,
    /// "Idempotency"). Records are appended as they are written, so the oldest come first by
    /// rowid: those before the first one not yet `days` old go (SQLite finds it walking from the
    /// oldest), and no index on their age is written with every record. A record older than one
    /// before it (the clock stepped back) waits for that one: none goes early.
    public func deleteIdempotencyRecords(olderThanDays days: Int = 8) throws -> Int {
        let cutoff = ISOTime.format(clock.now().addingTimeInterval(-Double(days) * 86_400))
        try db.run(
            """
            DELETE FROM idempotency_records WHERE rowid < coalesce(
                (SELECT rowid FROM idempotency_records WHERE created_at >= ? ORDER BY rowid LIMIT 1), 9223372036854775807)
            """, [.text(cutoff)])
        return db.changes
    }
}

/// A write's idempotency key and its payload's SHA-256, checked and hashed when the claim is
/// made.
public struct IdempotencyClaim: Sendable {
    public let key: String
    let payloadHash: String

    /// nil without a key: nothing to record, nothing to hash. Throws `invalidIdempotencyKey`
    /// for a key `IngestStore.isValidIdempotencyKey` refuses.
    public init?(key: String?, payload: [UInt8]) throws {
        guard let key else { return nil }
        guard IngestStore.isValidIdempotencyKey(key) else { throw APIError.invalidIdempotencyKey }
        self.key = key
        payloadHash = SHA256.hex(payload)
    }
}
