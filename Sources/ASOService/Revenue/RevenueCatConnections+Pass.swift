import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// The `revenue` job: one overview per connected app, upserted as today's (UTC) row. An app
/// that fails is logged and its error recorded on the connection; the pass goes on.
extension RevenueCatConnections {
    /// Snapshots stored by this pass.
    public func runPass() throws -> Int {
        let rows = try db.query("SELECT * FROM revenue_connections ORDER BY project_id")
        var stored = 0
        for row in rows {
            let projectId = try row.text("project_id")
            do {
                try sync(row)
                stored += 1
            } catch let error as RPCError {
                record(projectId: projectId, connectionId: row.string("connection_id"), error: error)
            }
        }
        return stored
    }

    private func sync(_ row: Row) throws {
        let projectId = try row.text("project_id")
        let connectionId = try row.text("connection_id")
        let revenueCatProjectId = try row.text("rc_project_id")
        let key = try openKey(row)
        let overview: RevenueCatClient.Overview
        do {
            overview = try client(key: key).overview(projectId: revenueCatProjectId)
        } catch let error as RevenueCatError {
            throw error.rpcError(connecting: false, call: "read the overview metrics")
        }
        let now = clock.now()
        let at = ISOTime.format(now)
        try db.transaction {
            // A disconnect (or a new key) while RevenueCat answered wins: this answer is dropped.
            guard try db.queryOne("SELECT 1 FROM revenue_connections WHERE connection_id = ?", [.text(connectionId)]) != nil else {
                return
            }
            try snapshots.upsert(
                projectId: projectId, revenueCatProjectId: revenueCatProjectId, day: RevenueSnapshots.day(now), overview: overview, at: at)
            try db.run(
                "UPDATE revenue_connections SET last_synced_at = ?, last_error = NULL, last_error_at = NULL WHERE connection_id = ?",
                [.text(at), .text(connectionId)])
        }
    }

    private func openKey(_ row: Row) throws -> String {
        guard let keyring else { throw Self.encryptionNotConfigured }
        do {
            return try keyring.openString(
                row.text("sealed_key"),
                associatedData: Self.associatedData(
                    organizationId: row.text("organization_id"), projectId: row.text("project_id"),
                    connectionId: row.text("connection_id")))
        } catch {
            throw Self.credentialsUnreadable
        }
    }

    private func record(projectId: String, connectionId: String?, error: RPCError) {
        logger.warn("revenuecat sync failed", ["projectId": projectId, "code": error.code])
        guard let connectionId else { return }
        do {
            try db.run(
                "UPDATE revenue_connections SET last_error = ?, last_error_at = ? WHERE connection_id = ?",
                [.text(error.code + ": " + error.message), .text(ISOTime.format(clock.now())), .text(connectionId)])
        } catch {
            logger.error("revenuecat error not recorded", ["projectId": projectId, "error": "\(error)"])
        }
    }
}
