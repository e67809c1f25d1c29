import HubHTTPServer
import HubMessaging
import HubRuntime

/// The caller's organization and its plan, as marketd needs them for allowances and access.
struct MarketAccess {
    let store: IngestStore

    func plan(_ caller: AdminCaller) throws -> OrganizationPlan {
        try store.organization(id: caller.organizationId)?.entitlements ?? .selfhosted
    }

    func organization(_ caller: AdminCaller) throws -> MarketOrganization {
        MarketOrganization(organizationId: caller.organizationId, plan: try plan(caller))
    }

    /// The `{adamId}` path parameter: the store's numeric app ID, else 404 (no such app).
    static func adamId(_ request: HTTPRequest) throws -> String {
        let id = request.pathParameters["adamId"] ?? ""
        guard !id.isEmpty, id.utf8.count <= 20, id.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw APIError.notFound("NOT_FOUND", "No app has this ID.")
        }
        return id
    }
}
