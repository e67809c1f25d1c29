import HubMessaging
import HubRuntime
import HubStore

/// Device registrations: one per (project, environment, token), bound to one chat identity.
extension PushStore {
    /// Registers or refreshes a token. When the token belonged to another identity, its
    /// pending pushes are cancelled in the same transaction: they were meant for that account.
    public func register(_ device: PushDevice) throws {
        try PushStore.validate(device)
        let token = device.token.lowercased()
        try db.transaction {
            let key: [SQLValue] = [.text(device.owner.projectId), .text(device.environment.rawValue), .text(token)]
            if let existing = try db.queryOne(
                """
                SELECT owner_kind, owner_value FROM push_devices WHERE project_id = ? AND environment = ? AND token = ?
                """, key),
                existing.string("owner_kind") != device.owner.kind.rawValue
                    || existing.string("owner_value") != device.owner.value
            {
                try cancelPending(
                    projectId: device.owner.projectId, environment: device.environment, token: token,
                    reason: "Reassigned")
            }
            try db.run(
                """
                INSERT INTO push_devices (project_id, environment, token, owner_kind, owner_value, registered_at, registered_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (project_id, environment, token) DO UPDATE SET owner_kind = excluded.owner_kind,
                    owner_value = excluded.owner_value, registered_at = excluded.registered_at, registered_ms = excluded.registered_ms
                """,
                key + [
                    .text(device.owner.kind.rawValue), .text(device.owner.value), .text(ISOTime.format(clock.now())),
                    .int(nowMillis),
                ])
        }
    }

    /// Removes the token when the caller's identity holds it; another identity's registration
    /// is left alone, and either way the call succeeds, so it reveals nothing.
    public func unregister(_ device: PushDevice) throws {
        try PushStore.validate(device)
        let token = device.token.lowercased()
        try db.transaction {
            guard
                try db.queryOne(
                    """
                    SELECT 1 FROM push_devices WHERE project_id = ? AND environment = ? AND token = ? AND owner_kind = ? AND owner_value = ?
                    """,
                    [
                        .text(device.owner.projectId), .text(device.environment.rawValue), .text(token),
                        .text(device.owner.kind.rawValue), .text(device.owner.value),
                    ]) != nil
            else { return }
            try removeDevice(projectId: device.owner.projectId, environment: device.environment, token: token)
        }
    }

    /// A project's registrations, for tests and support: (environment, token, owner value, registered ms).
    public func devices(projectId: String) throws -> [(environment: String, token: String, owner: String, registeredMs: Int64)] {
        try db.query("SELECT * FROM push_devices WHERE project_id = ? ORDER BY token", [.text(projectId)]).map {
            try ($0.text("environment"), $0.text("token"), $0.text("owner_value"), $0.integer("registered_ms"))
        }
    }

    static func validate(_ device: PushDevice) throws {
        if device.owner.projectId.isEmpty { throw RPCError.invalidPayload(field: "owner.projectId", "is required") }
        if device.owner.value.isEmpty || device.owner.value.count > 320 {
            throw RPCError.invalidPayload(field: "owner.value", "must be 1-320 characters")
        }
        if !PushDevice.isValidToken(device.token) {
            throw RPCError.invalidPayload(field: "token", "must be the hex of 1-\(PushDevice.maximumTokenBytes) bytes")
        }
    }
}
