import HubMessaging
import HubRuntime

/// Per-project APNs credentials, the key sealed with the keyring and the project ID as
/// associated data, so a sealed key copied to another project does not open.
extension PushStore {
    /// Stores or replaces the credentials. A different bundle ID removes the project's devices
    /// (tokens belong to one app) and their pending pushes.
    public func putCredentials(_ request: PushCredentialsPut.Request) throws -> PushCredentials {
        guard let keyring else { throw RPCError.keyringNotConfigured() }
        let sealed = try keyring.seal(request.privateKey, associatedData: request.projectId)
        let updatedAt = ISOTime.format(clock.now())
        try db.transaction {
            let previous = try db.queryOne("SELECT bundle_id FROM push_credentials WHERE project_id = ?", [.text(request.projectId)])
            if let previous, previous.string("bundle_id") != request.bundleId {
                try removeProjectDeliveries(projectId: request.projectId)
            }
            try db.run(
                """
                INSERT INTO push_credentials (project_id, app_id, key_id, team_id, bundle_id, environment, sealed_key, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (project_id) DO UPDATE SET app_id = excluded.app_id, key_id = excluded.key_id,
                    team_id = excluded.team_id, bundle_id = excluded.bundle_id, environment = excluded.environment,
                    sealed_key = excluded.sealed_key, updated_at = excluded.updated_at
                """,
                [
                    .text(request.projectId), .text(request.appId), .text(request.keyId), .text(request.teamId),
                    .text(request.bundleId), .text(request.environment.rawValue), .text(sealed), .text(updatedAt),
                ])
        }
        return PushCredentials(
            keyId: request.keyId, teamId: request.teamId, bundleId: request.bundleId,
            environment: request.environment, updatedAt: updatedAt)
    }

    /// The operator's view, without the key.
    public func credentials(projectId: String) throws -> PushCredentials? {
        try db.queryOne("SELECT * FROM push_credentials WHERE project_id = ?", [.text(projectId)]).map {
            try PushCredentials(
                keyId: $0.text("key_id"), teamId: $0.text("team_id"), bundleId: $0.text("bundle_id"),
                environment: PushEnvironment(rawValue: $0.text("environment")) ?? .production,
                updatedAt: $0.text("updated_at"))
        }
    }

    /// Disconnects: credentials, devices and every queued delivery of the project.
    public func deleteCredentials(projectId: String) throws {
        try db.transaction {
            try db.run("DELETE FROM push_queue WHERE project_id = ?", [.text(projectId)])
            try db.run("DELETE FROM push_devices WHERE project_id = ?", [.text(projectId)])
            try db.run("DELETE FROM push_credentials WHERE project_id = ?", [.text(projectId)])
        }
    }

    /// The credentials opened for sending, or nil when the project has none.
    public func openCredentials(projectId: String) throws -> PushStoredCredentials? {
        guard let row = try db.queryOne("SELECT * FROM push_credentials WHERE project_id = ?", [.text(projectId)]) else { return nil }
        guard let keyring else { throw RPCError.keyringNotConfigured() }
        let sealed = try row.text("sealed_key")
        return try PushStoredCredentials(
            projectId: projectId, appId: row.text("app_id"), keyId: row.text("key_id"), teamId: row.text("team_id"),
            bundleId: row.text("bundle_id"), environment: PushEnvironment(rawValue: row.text("environment")) ?? .production,
            sealedKey: sealed, privateKeyPEM: try keyring.openString(sealed, associatedData: projectId))
    }

    private func removeProjectDeliveries(projectId: String) throws {
        try db.run(
            """
            UPDATE push_queue SET status = 'cancelled', completed_ms = ?, last_reason = 'BundleChanged'
            WHERE project_id = ? AND status = 'pending'
            """, [.int(nowMillis), .text(projectId)])
        try db.run("DELETE FROM push_devices WHERE project_id = ?", [.text(projectId)])
    }
}
