import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// The posts of the apps page's App Store Connect panel (`manageCredentials`, named at the
/// routes). Whatever waits on Apple (connecting, listing the importable apps, importing) runs
/// as a `PendingWork` task: the request answers at once with the task's page. The checks and
/// the import are `AdminAppStoreConnectHandler`'s, as the operator API runs them.
struct AppStoreConnectPagesHandler {
    let apps: AppsPagesHandler
    let connection: AdminAppStoreConnectHandler
    let asod: BackendForwarding
    let work: PendingWork
    var store: IngestStore { apps.store }

    static let back = "/dashboard/apps#app-store-connect"
    /// A `.p8` key is under a kilobyte; the rest is the other fields and multipart framing.
    static let uploadBytes = 32 * 1024

    /// `POST /dashboard/app-store-connect`, multipart: `issuerId`, `keyId` and the `.p8` file as
    /// `privateKey`. A form missing a part is drawn again (400); otherwise the task's page.
    func connectAppStore(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let form = MultipartForm(context.request)
        let issuerId = form?.text("issuerId")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let keyId = form?.text("keyId")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let key = form?.files("privateKey").first.map { String(decoding: $0.bytes, as: UTF8.self) }
        let call: ASCConnectionPut.Request
        do {
            call = try AdminAppStoreConnectHandler.connectRequest(
                organizationId: context.session.organizationId, issuerId: issuerId, keyId: keyId, privateKey: key)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return try apps.drawApps(context, status: 400, notice: .problem("App Store Connect was not connected. See below."), respond) {
                $0.appStoreConnect?.draft = .init(issuerId: issuerId ?? "", keyId: keyId ?? "")
                $0.appStoreConnect?.problems = FormProblems(error.fields ?? [:])
            }
        }
        respond(
            .success(
                try work.begin(context, title: "Connecting App Store Connect", back: Self.back, actions: ASCErrorText.actions) {
                    finish in
                    self.asod.client.call(ASCConnectionPut.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout) { result in
                        finish(
                            result.map { _ in { _ in PageResponse.redirect("/dashboard/apps?done=asc-connected#app-store-connect") } }
                                .mapError { APIError.fromBackend($0) })
                    }
                }))
    }

    /// `POST /dashboard/app-store-connect/disconnect`: without `confirm=1` the page asks first.
    func disconnectAppStore(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        guard FormFields(context.request)["confirm"] == "1" else {
            return try apps.drawApps(context, status: 200, notice: nil, respond) { $0.appStoreConnect?.confirmingDisconnect = true }
        }
        asod.forward(ASCConnectionDelete.self, ASCOrganizationRef(organizationId: context.session.organizationId), respond: respond) {
            _ in PageResponse.redirect("/dashboard/apps?done=asc-removed#app-store-connect")
        }
    }

    /// `GET /dashboard/app-store-connect/apps`: the importable apps, listed by Apple in a task.
    func importableApps(_ context: PageContext) throws -> HTTPResponse {
        let store = self.store
        return try work.begin(
            context, title: "Loading your apps from App Store Connect", back: Self.back, actions: ASCErrorText.actions
        ) { finish in
            try connection.importableApps(organizationId: context.session.organizationId) { result in
                finish(
                    result.map { apps in
                        { context in
                            let organizationId = context.session.organizationId
                            let page = ASCImportPage(
                                apps: apps.map {
                                    .init(
                                        id: $0.app.id, name: $0.app.name, bundleId: $0.app.bundleId, sku: $0.app.sku,
                                        projectId: $0.projectId)
                                },
                                appsUsed: try store.projects(organizationId: organizationId).count,
                                appAllowance: try store.organization(id: organizationId)?.appAllowance)
                            return PageResponse.html(page.html(viewer: context.viewer()))
                        }
                    })
            }
        }
    }

    /// `POST /dashboard/app-store-connect/import` (`appId` per checked box): the import in a
    /// task; done, the apps page with the new projects. `UNKNOWN_APPS` and the allowance's
    /// `PLAN_REQUIRED` are the task's page with the action to take.
    func importApps(_ context: PageContext) throws -> HTTPResponse {
        let selected = FormFields(context.request).all("appId")
        let title = "Importing apps"
        let back = AppStoreConnectPanel.path + "/apps"
        do {
            return try work.begin(context, title: title, back: back, actions: ASCErrorText.actions) { finish in
                try connection.importSelected(organizationId: context.session.organizationId, selected) { result in
                    finish(
                        result.map { results in
                            let created = results.filter(\.created).count
                            return { _ in PageResponse.redirect("/dashboard/apps?done=imported-\(created)") }
                        })
                }
            }
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            return WorkPagesHandler.failure(
                APIError(status: 400, code: error.code, message: "Select at least one app to import."), title: title, back: back,
                path: back, actions: [:], context)
        }
    }
}
