import Foundation
import HubAppStoreConnect
import HubCrypto
import HubHTTPClient
import HubMessaging
import HubRuntime
import HubStore

/// The stored App Store Connect connections and the clients made from them. Connecting checks
/// the key with Apple before anything is written; the key is only ever stored sealed.
public final class ASCConnections: @unchecked Sendable {
    let db: SQLiteDatabase
    let clock: Clock
    let keyring: Keyring?
    let baseURL: String
    let httpOptions: HTTPClientOptions
    private let ids: TimeSortableID
    private let lock = NSLock()
    /// Clients by connection ID, so a token is reused across calls.
    private var clients: [String: ASCClient] = [:]

    public init(db: SQLiteDatabase, clock: Clock, keyring: Keyring?, baseURL: String, caFile: String?, timeout: TimeInterval = 30) {
        self.db = db
        self.clock = clock
        self.keyring = keyring
        self.baseURL = baseURL
        var options = HTTPClientOptions()
        options.extraCAFile = caFile
        options.totalTimeout = timeout
        httpOptions = options
        ids = TimeSortableID(clock: clock)
    }

    private func now() -> String { ISOTime.format(clock.now()) }

    private static func associatedData(organizationId: String, connectionId: String) -> String {
        "asc-connection|" + organizationId + "|" + connectionId
    }

    /// Checks the key format, lists apps with it and stores it sealed, replacing the
    /// organization's earlier connection. Failures store nothing.
    public func connect(_ request: ASCConnectionPut.Request) throws -> ASCConnectionView {
        let credentials: ASCCredentials
        do {
            credentials = try ASCCredentials(issuerId: request.issuerId, keyId: request.keyId, privateKeyPEM: request.privateKey)
        } catch let error as ASCError {
            throw Self.rpcError(error, connecting: true)
        }
        guard let keyring else { throw Self.encryptionNotConfigured }
        let client = ASCClient(baseURL: baseURL, credentials: credentials, http: HTTPClient(options: httpOptions), clock: clock)
        let apps: [ASCAppSummary]
        do {
            apps = try Self.apps(client)
        } catch let error as ASCError {
            throw Self.rpcError(error, connecting: true)
        }
        let connectionId = ids.next()
        let sealed = try keyring.seal(
            credentials.privateKey.pkcs8PEM,
            associatedData: Self.associatedData(organizationId: request.organizationId, connectionId: connectionId))
        let at = now()
        try db.transaction {
            try db.run("DELETE FROM asc_connections WHERE organization_id = ?", [.text(request.organizationId)])
            try db.run(
                """
                INSERT INTO asc_connections (organization_id, connection_id, issuer_id, key_id, sealed_key, app_count, connected_at, verified_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(request.organizationId), .text(connectionId), .text(credentials.issuerId), .text(credentials.keyId),
                    .text(sealed), .int(Int64(apps.count)), .text(at), .text(at),
                ])
        }
        lock.withLock { clients[connectionId] = client }
        return ASCConnectionView(
            issuerId: credentials.issuerId, keyId: credentials.keyId, connectedAt: at, verifiedAt: at, appCount: apps.count)
    }

    public func connection(organizationId: String) throws -> ASCConnectionView {
        guard let row = try db.queryOne("SELECT * FROM asc_connections WHERE organization_id = ?", [.text(organizationId)]) else {
            throw Self.notConnected
        }
        return try ASCConnectionView(
            issuerId: row.text("issuer_id"), keyId: row.text("key_id"), connectedAt: row.text("connected_at"),
            verifiedAt: row.text("verified_at"), appCount: Int(row.integer("app_count")))
    }

    public func disconnect(organizationId: String) throws {
        let connectionId = try db.queryOne(
            "SELECT connection_id FROM asc_connections WHERE organization_id = ?",
            [.text(organizationId)])?.string("connection_id")
        guard let connectionId else { throw Self.notConnected }
        try db.run("DELETE FROM asc_connections WHERE organization_id = ?", [.text(organizationId)])
        _ = lock.withLock { clients.removeValue(forKey: connectionId) }
    }

    /// A client for the organization's stored key.
    public func client(organizationId: String) throws -> ASCClient {
        guard let row = try db.queryOne("SELECT * FROM asc_connections WHERE organization_id = ?", [.text(organizationId)]) else {
            throw Self.notConnected
        }
        let connectionId = try row.text("connection_id")
        if let cached = lock.withLock({ clients[connectionId] }) { return cached }
        guard let keyring else { throw Self.encryptionNotConfigured }
        let credentials: ASCCredentials
        do {
            let pem = try keyring.openString(
                row.text("sealed_key"),
                associatedData: Self.associatedData(organizationId: organizationId, connectionId: connectionId))
            credentials = try ASCCredentials(
                issuerId: row.text("issuer_id"), keyId: row.text("key_id"),
                privateKey: try ES256PrivateKey(pem: pem))
        } catch {
            throw RPCError(
                code: ASCError.credentialsUnreadable.code,
                message: "The stored key cannot be opened with the configured credentials key; reconnect with the private key.",
                status: 409)
        }
        let client = ASCClient(baseURL: baseURL, credentials: credentials, http: HTTPClient(options: httpOptions), clock: clock)
        lock.withLock { clients[connectionId] = client }
        return client
    }

    /// The apps the organization's key can see now.
    public func apps(organizationId: String) throws -> [ASCAppSummary] {
        do {
            return try Self.apps(try client(organizationId: organizationId))
        } catch let error as ASCError {
            throw Self.rpcError(error, connecting: false)
        }
    }

    private struct AppAttributes: Decodable {
        let name: String?
        let bundleId: String?
        let sku: String?
        let primaryLocale: String?
    }

    static func apps(_ client: ASCClient) throws -> [ASCAppSummary] {
        try client.list("/v1/apps", query: [("limit", "200"), ("fields[apps]", "name,bundleId,sku,primaryLocale")], as: AppAttributes.self)
            .map {
                ASCAppSummary(
                    id: $0.id, name: $0.attributes?.name ?? "", bundleId: $0.attributes?.bundleId ?? "",
                    sku: $0.attributes?.sku, primaryLocale: $0.attributes?.primaryLocale)
            }
    }

    static let notConnected = RPCError(code: ASCErrorCode.notConnected, message: "No App Store Connect connection.", status: 404)
    static let encryptionNotConfigured = RPCError(
        code: ASCErrorCode.encryptionNotConfigured,
        message: "Credential encryption is not configured (APPNORTH_CREDENTIALS_KEY); the deployment operator must set it.", status: 503)

    /// The codes of docs/app-store-connect.md ("Connection") with the status an operator call answers.
    static func rpcError(_ error: ASCError, connecting: Bool) -> RPCError {
        switch error {
        case .invalidCredentials(let why):
            return RPCError(
                code: error.code, message: "Check the IDs and the matching P-256 private key: \(why).", status: 400,
                fields: [why.hasPrefix("issuerId") ? "issuerId" : "keyId": [why]])
        case .credentialsUnreadable:
            return RPCError(
                code: error.code, message: "The private key is not a readable PKCS#8 P-256 (.p8) key.", status: 400,
                fields: ["privateKey": ["is not a PKCS#8 P-256 private key"]])
        case .credentialsRejected(let status):
            return RPCError(
                code: error.code,
                message: "App Store Connect rejected the key (\(status)); check whether Apple revoked it or denied its access.",
                status: connecting ? 400 : 409)
        case .unavailable, .outcomeUnknown, .unexpectedResponse:
            return RPCError(code: "STORE_UNAVAILABLE", message: "App Store Connect is unavailable; retry after it recovers.", status: 502)
        case .notFound(let what):
            return RPCError(code: "NOT_FOUND", message: "App Store Connect has no \(what).", status: 404)
        case .rejected(let status, let code, let detail):
            return RPCError(
                code: "STORE_REJECTED", message: "App Store Connect refused the request (\(status) \(code ?? "")): \(detail ?? "")",
                status: 422)
        }
    }
}
