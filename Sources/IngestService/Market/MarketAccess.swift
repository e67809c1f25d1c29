import HubHTTPServer
import HubMessaging
import HubRuntime

/// The caller's organization and its plan, as marketd needs them for allowances and access.
struct MarketAccess {
    let store: IngestStore

    func plan(_ caller: AdminCaller) throws -> OrganizationPlan { try plan(organizationId: caller.organizationId) }

    func plan(organizationId: String) throws -> OrganizationPlan {
        try store.organization(id: organizationId)?.entitlements ?? .selfhosted
    }

    func organization(_ caller: AdminCaller) throws -> MarketOrganization { try organization(id: caller.organizationId) }

    func organization(id: String) throws -> MarketOrganization {
        MarketOrganization(organizationId: id, plan: try plan(organizationId: id))
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
