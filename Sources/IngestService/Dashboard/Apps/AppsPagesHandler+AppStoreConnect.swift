import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// `/dashboard/apps` with the App Store Connect panel, whose state comes from asod's stored
/// connection (no call to Apple), so the list answers as fast as asod does.
extension AppsPagesHandler {
    /// `GET /dashboard/apps`, with the panel from asod's stored connection (no call to Apple).
    func listPage(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let notice = AppsPagesHandler.notice(context.request.query["done"])
        try drawApps(context, status: 200, notice: notice, respond) { _ in }
    }

    /// The apps page with the panel; `change` adjusts it (a draft, problems, the confirmation).
    func drawApps(
        _ context: PageContext, status: Int, notice: PageShell.Notice?, _ respond: @escaping Route.Completion,
        _ change: @escaping (inout AppsPage) -> Void
    ) throws {
        var page = try appsPage(context)
        let organizationId = context.session.organizationId
        let used = page.apps.count
        let allowance = try store.organization(id: organizationId)?.appAllowance
        let canManage = context.session.role.allows(.manageCredentials)
        guard let asod else {
            change(&page)
            return respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: notice), status: status)))
        }
        asod.client.call(ASCConnectionGet.self, ASCOrganizationRef(organizationId: organizationId)) { result in
            let state: AppStoreConnectPanel.State
            switch result {
            case .success(let view):
                state = .connected(
                    .init(
                        issuerId: view.issuerId, keyId: view.keyId, connectedAt: view.connectedAt, verifiedAt: view.verifiedAt,
                        appCount: view.appCount))
            case .failure(let error):
                let mapped = APIError.fromBackend(error)
                if mapped.code == ASCErrorCode.notConnected {
                    state = .notConnected
                } else {
                    state = .unavailable(code: mapped.status == 503 ? nil : mapped.code)
                }
            }
            page.appStoreConnect = AppStoreConnectPanel(state: state, canManage: canManage, appsUsed: used, appAllowance: allowance)
            change(&page)
            respond(.success(PageResponse.html(page.html(viewer: context.viewer(), notice: notice), status: status)))
        }
    }
}
