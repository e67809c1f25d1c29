import Foundation
import HubHTTPServer
import HubMessaging

/// The organization's App Store Connect connection (docs/app-store-connect.md, "Connection" and
/// "Import"): connect or replace (`PUT`), read, disconnect, the apps the key can see, and importing
/// them as projects. asod holds the sealed key and talks to Apple; ingest owns the projects.
struct AdminAppStoreConnectHandler {
    let store: IngestStore
    let asod: BackendForwarding

    /// Calls that reach Apple get longer than the default RPC deadline.
    static let appleTimeout: TimeInterval = 45
    static let maximumImport = 200

    struct ConnectBody: Decodable {
        let issuerId: String?
        let keyId: String?
        let privateKey: String?
    }

    struct ImportBody: Decodable {
        let appIds: [String]?
    }

    func connect(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(ConnectBody.self)
        let call = try Self.connectRequest(
            organizationId: caller.organizationId, issuerId: body.issuerId, keyId: body.keyId, privateKey: body.privateKey)
        asod.forward(ASCConnectionPut.self, call, timeout: Self.appleTimeout, respond: respond) { view in
            var response = HTTPResponse.json(view)
            response.headers.append(("Cache-Control", "no-store"))
            return response
        }
    }

    /// The connect call after the checks both the API and the dashboard make: every part
    /// given, the key at most 4,096 bytes (400 `INVALID_PAYLOAD` naming the fields).
    static func connectRequest(organizationId: String, issuerId: String?, keyId: String?, privateKey: String?) throws
        -> ASCConnectionPut.Request
    {
        var errors = FieldErrors()
        for (field, value) in [("issuerId", issuerId), ("keyId", keyId), ("privateKey", privateKey)] where value?.isEmpty ?? true {
            errors.add(field, "is required")
        }
        if let key = privateKey, key.utf8.count > 4_096 { errors.add("privateKey", "must be at most 4096 bytes") }
        try errors.throwIfAny()
        return ASCConnectionPut.Request(organizationId: organizationId, issuerId: issuerId!, keyId: keyId!, privateKey: privateKey!)
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(ASCConnectionGet.self, ASCOrganizationRef(organizationId: caller.organizationId), respond: respond) { .json($0) }
    }

    func disconnect(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(ASCConnectionDelete.self, ASCOrganizationRef(organizationId: caller.organizationId), respond: respond) { _ in
            HTTPResponse(status: 204)
        }
    }

    /// `{items: [app + projectId]}`: `projectId` names the project an app was imported as, or null.
    func apps(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try importableApps(organizationId: caller.organizationId) { result in
            respond(result.map { apps in .json(AppList(items: apps.map { AppItem(app: $0.app, projectId: $0.projectId) })) })
        }
    }

    /// The apps the key sees now (from Apple), each with the project it was imported as.
    func importableApps(
        organizationId: String, _ done: @escaping (Result<[(app: ASCAppSummary, projectId: String?)], Error>) -> Void
    ) throws {
        let imported = try store.projectIdsByAppStoreId(organizationId: organizationId)
        asod.client.call(ASCApps.self, ASCOrganizationRef(organizationId: organizationId), timeout: Self.appleTimeout) { result in
            done(result.map { $0.apps.map { (app: $0, projectId: imported[$0.id]) } }.mapError { APIError.fromBackend($0) })
        }
    }

    /// Imports the selected apps, checked against the list Apple gives now.
    func importApps(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(ImportBody.self)
        try importSelected(organizationId: caller.organizationId, body.appIds ?? []) { result in
            respond(result.map { results in .json(ImportList(items: results), status: results.contains(where: \.created) ? 201 : 200) })
        }
    }

    /// The import both the API and the dashboard run: 1-200 distinct IDs, each listed by Apple
    /// now (else 400 `UNKNOWN_APPS`), within the app allowance (else 403 `PLAN_REQUIRED`).
    func importSelected(organizationId: String, _ selected: [String], _ done: @escaping (Result<[ASCImportResult], Error>) -> Void)
        throws
    {
        guard (1...Self.maximumImport).contains(selected.count), Set(selected).count == selected.count,
            selected.allSatisfy({ (1...64).contains($0.utf8.count) })
        else {
            throw APIError.invalidPayload(["appIds": ["must hold 1-\(Self.maximumImport) distinct app IDs"]])
        }
        let store = self.store
        asod.client.call(ASCApps.self, ASCOrganizationRef(organizationId: organizationId), timeout: Self.appleTimeout) { result in
            done(
                Result {
                    let answer = try result.mapError { APIError.fromBackend($0) }.get()
                    let byId = Dictionary(answer.apps.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                    let unknown = selected.filter { byId[$0] == nil }
                    if !unknown.isEmpty {
                        throw APIError(
                            status: 400, code: ASCErrorCode.unknownApps,
                            message:
                                "App Store Connect does not list these apps for this key: \(unknown.joined(separator: ", ")). Reload the list and select again.",
                            fields: ["appIds": unknown.map { "\($0) is not accessible" }])
                    }
                    return try store.importASCApps(organizationId: organizationId, apps: selected.map { byId[$0]! })
                })
        }
    }

    private struct AppItem: Encodable {
        let app: ASCAppSummary
        let projectId: String?

        private enum Keys: String, CodingKey { case id, name, bundleId, sku, primaryLocale, projectId }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(app.id, forKey: .id)
            try c.encode(app.name, forKey: .name)
            try c.encode(app.bundleId, forKey: .bundleId)
            try c.encode(app.sku, forKey: .sku)
            try c.encode(app.primaryLocale, forKey: .primaryLocale)
            try c.encode(projectId, forKey: .projectId)
        }
    }

    private struct AppList: Encodable { let items: [AppItem] }
    private struct ImportList: Encodable { let items: [ASCImportResult] }
}
