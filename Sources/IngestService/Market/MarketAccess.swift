import Shared

/// The caller's organization and its plan, as marketd needs them for allowances and access.
struct MarketAccess {
    let store: IngestStore

    func plan(_ caller: AdminCaller) throws -> OrganizationPlan {
        try store.organization(id: caller.organizationId)?.entitlements ?? .selfhosted
    }
}
