import Foundation
import HubHTTPServer
import HubMessaging

/// `PUT/GET/DELETE /api/admin/v1/projects/{id}/integrations/revenuecat` and
/// `GET /api/admin/v1/projects/{id}/revenue?days=` (docs/revenuecat.md). asod holds the sealed
/// key, talks to RevenueCat and stores the snapshots; no answer carries the key.
struct AdminRevenueCatHandler {
    let lookup: AdminLookup
    let asod: BackendForwarding

    static let maxBodyBytes = 4 * 1024

    struct ConnectBody: Decodable {
        let secretKey: String?
        let projectId: String?
    }

    func put(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let body = try request.decodeJSON(ConnectBody.self)
        let call = try RevenueCatSettings.connectRequest(
            project: project, actor: caller.actor, secretKey: body.secretKey, revenueCatProjectId: body.projectId)
        asod.forward(RevenueCatConnect.self, call, timeout: RevenueCatSettings.connectTimeout, respond: respond) { outcome in
            guard let connection = outcome.connection else { throw RevenueCatProjectRequired(projects: outcome.projectRequired ?? []) }
            return Self.noStore(.json(connection))
        }
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        asod.forward(RevenueCatConnectionGet.self, .init(projectId: project.id), respond: respond) { Self.noStore(.json($0)) }
    }

    func delete(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        try caller.actor.require(.manageIntegrations)
        asod.forward(RevenueCatDisconnect.self, .init(projectId: project.id), respond: respond) { _ in HTTPResponse(status: 204) }
    }

    /// `days` 1-90, default 90.
    func overview(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping Route.Completion) throws {
        let project = try lookup.project(request, caller)
        let days = try Self.days(request.query["days"])
        asod.forward(RevenueOverview.self, .init(projectId: project.id, days: days), respond: respond) {
            .json(RevenueOverviewJSON(overview: $0))
        }
    }

    static func days(_ raw: String?) throws -> Int {
        guard let raw else { return RevenueOverview.maximumDays }
        guard raw.utf8.count <= 3, let days = Int(raw), (1...RevenueOverview.maximumDays).contains(days) else {
            throw APIError.invalidQuery(["days": ["must be a whole number of days, 1-\(RevenueOverview.maximumDays)"]])
        }
        return days
    }

    static func noStore(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }
}
