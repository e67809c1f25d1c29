import Foundation
import HubCrypto
import HubHTTPClient
import HubMessaging
import HubRuntime
import HubStore

/// The apps' RevenueCat connections. Connecting (or changing the key) checks the key with
/// RevenueCat first (projects, then the chosen project's overview) and stores the sealed key
/// with the first snapshot in one transaction; a failure stores nothing. The key is never
/// answered, logged or kept unsealed.
public final class RevenueCatConnections: @unchecked Sendable {
    let db: SQLiteDatabase
    let clock: Clock
    let keyring: Keyring?
    let baseURL: String
    let httpOptions: HTTPClientOptions
    let logger: Logger
    let maximumRetryWait: TimeInterval
    let snapshots: RevenueSnapshots
    private let ids: TimeSortableID

    public init(
        db: SQLiteDatabase, clock: Clock, keyring: Keyring?, baseURL: String, caFile: String?, logger: Logger,
        timeout: TimeInterval = 30, maximumRetryWait: TimeInterval = 30
    ) {
        self.db = db
        self.clock = clock
        self.keyring = keyring
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        var options = HTTPClientOptions()
        options.extraCAFile = caFile
        options.totalTimeout = timeout
        options.maxResponseBytes = 1 << 20
        httpOptions = options
        self.logger = logger
        self.maximumRetryWait = maximumRetryWait
        snapshots = RevenueSnapshots(db: db)
        ids = TimeSortableID(clock: clock)
    }

    static func associatedData(organizationId: String, projectId: String, connectionId: String) -> String {
        "revenuecat-connection|" + organizationId + "|" + projectId + "|" + connectionId
    }

    func client(key: String) -> RevenueCatClient {
        RevenueCatClient(baseURL: baseURL, http: HTTPClient(options: httpOptions), secretKey: key, maximumRetryWait: maximumRetryWait)
    }

    /// Connects, or replaces the key (and project) of an existing connection, after RevenueCat
    /// accepted both calls.
    public func connect(_ request: RevenueCatConnect.Request) throws -> RevenueCatConnect.Response {
        let key = try RevenueCatKey.checked(request.secretKey)
        let chosen = try RevenueCatKey.checkedProjectId(request.revenueCatProjectId)
        guard let keyring else { throw Self.encryptionNotConfigured }
        let client = client(key: key)
        let projects: [RevenueCatProjectChoice]
        do {
            projects = try client.projects()
        } catch let error as RevenueCatError {
            throw error.rpcError(connecting: true, call: "list projects")
        }
        let project: RevenueCatProjectChoice
        if let chosen {
            guard let match = projects.first(where: { $0.id == chosen }) else { return .init(connection: nil, projectRequired: projects) }
            project = match
        } else if projects.count == 1 {
            project = projects[0]
        } else {
            return .init(connection: nil, projectRequired: projects)
        }
        let overview: RevenueCatClient.Overview
        do {
            overview = try client.overview(projectId: project.id)
        } catch let error as RevenueCatError {
            throw error.rpcError(connecting: true, call: "read the overview metrics")
        }
        let connectionId = ids.next()
        let sealed = try keyring.seal(
            key,
            associatedData: Self.associatedData(
                organizationId: request.organizationId, projectId: request.projectId, connectionId: connectionId))
        let now = clock.now()
        let at = ISOTime.format(now)
        try db.transaction {
            try db.run("DELETE FROM revenue_connections WHERE project_id = ?", [.text(request.projectId)])
            try db.run(
                """
                INSERT INTO revenue_connections (project_id, organization_id, connection_id, rc_project_id, rc_project_name, sealed_key,
                    connected_at, verified_at, last_synced_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(request.projectId), .text(request.organizationId), .text(connectionId), .text(project.id),
                    .text(project.name), .text(sealed), .text(at), .text(at), .text(at),
                ])
            try snapshots.upsert(
                projectId: request.projectId, revenueCatProjectId: project.id, day: RevenueSnapshots.day(now), overview: overview, at: at)
        }
        logger.info("revenuecat connected", ["projectId": request.projectId, "revenueCatProjectId": project.id])
        return .init(connection: try connection(projectId: request.projectId))
    }

    public func connection(projectId: String) throws -> RevenueCatConnectionView {
        guard let row = try db.queryOne("SELECT * FROM revenue_connections WHERE project_id = ?", [.text(projectId)]) else {
            return .notConnected
        }
        return RevenueCatConnectionView(
            connected: true, revenueCatProjectId: row.string("rc_project_id"), revenueCatProjectName: row.string("rc_project_name"),
            connectedAt: row.string("connected_at"), verifiedAt: row.string("verified_at"), lastSyncedAt: row.string("last_synced_at"),
            lastError: row.string("last_error"), lastErrorAt: row.string("last_error_at"))
    }

    /// Forgets the key; the snapshots stay.
    public func disconnect(projectId: String) throws {
        guard try db.queryOne("SELECT 1 FROM revenue_connections WHERE project_id = ?", [.text(projectId)]) != nil else {
            throw RPCError(code: RevenueErrorCode.notConnected, message: "This app has no RevenueCat connection.", status: 404)
        }
        try db.run("DELETE FROM revenue_connections WHERE project_id = ?", [.text(projectId)])
        logger.info("revenuecat disconnected", ["projectId": projectId])
    }

    public func overview(_ request: RevenueOverview.Request) throws -> RevenueOverview.Response {
        guard (1...RevenueOverview.maximumDays).contains(request.days) else {
            throw RPCError.asoInvalidQuery(["days": ["must be 1-\(RevenueOverview.maximumDays)"]])
        }
        let connection = try connection(projectId: request.projectId)
        let latest = try snapshots.latest(projectId: request.projectId)
        return RevenueOverview.Response(
            connection: connection, currency: latest?.currency, syncedAt: connection.lastSyncedAt ?? latest?.syncedAt, latest: latest,
            snapshots: try snapshots.snapshots(projectId: request.projectId, days: request.days, today: clock.now()))
    }

    static let encryptionNotConfigured = RPCError(
        code: RevenueErrorCode.encryptionNotConfigured,
        message: "Credential encryption is not configured (APPNORTH_CREDENTIALS_KEY); the deployment operator must set it.", status: 503)
    static let credentialsUnreadable = RPCError(
        code: RevenueErrorCode.credentialsUnreadable,
        message: "The stored key cannot be opened with the configured credentials key; restore that key or connect again.",
        status: 409)
}
