import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// Calls to asod from the ASO routes, through `BackendForwarding` with a deadline per call (a
/// live search waits on the provider), and the plan and project checks they share.
struct ASOBackend {
    /// Room for a provider call (10 s at most) behind one already running on asod's explorer queue.
    static let liveSearchTimeout: TimeInterval = 25

    let client: RPCClient
    let store: IngestStore

    func forward<M: RPCMessage>(
        _ m: M.Type, _ request: M.Request, timeout: TimeInterval? = nil,
        respond: @escaping (Result<HTTPResponse, Error>) -> Void,
        render: @escaping (M.Response) throws -> HTTPResponse
    ) {
        BackendForwarding(client: client).forward(m, request, timeout: timeout, respond: respond, render: render)
    }

    /// The caller's organization plan, refused with 403 `PLAN_REQUIRED` without ASO access.
    func plan(_ caller: AdminCaller) throws -> OrganizationPlan { try plan(organizationId: caller.organizationId) }

    func plan(organizationId: String) throws -> OrganizationPlan {
        let plan = try store.organization(id: organizationId)?.entitlements ?? .selfhosted
        guard plan.hasASOAccess else { throw APIError.asoPlanRequired }
        return plan
    }

    /// The project the path names (404 when it is another organization's), with the plan.
    func project(_ request: HTTPRequest, _ caller: AdminCaller) throws -> ASOProjectRef {
        try ref(try AdminLookup(store: store).project(request, caller), organizationId: caller.organizationId)
    }

    /// A project already found in the organization, with the plan (403 `PLAN_REQUIRED` without ASO).
    func ref(_ project: Project, organizationId: String) throws -> ASOProjectRef {
        ASOProjectRef(
            organizationId: organizationId, plan: try plan(organizationId: organizationId), projectId: project.id,
            appStoreId: project.appStoreId)
    }

    /// The App Store IDs of the organization's projects, to mark its own apps.
    func ownAppStoreIds(organizationId: String) throws -> [String] {
        try store.projects(organizationId: organizationId).compactMap(\.appStoreId)
    }
}
