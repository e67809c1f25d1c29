import HubHTTPServer
import HubMessaging

extension AdminLookup {
    /// The project the path names as an App Store app of the caller's organization; a project
    /// not imported from App Store Connect has no Apple app to work on (409 `NOT_IMPORTED`).
    func importedApp(_ request: HTTPRequest, _ caller: AdminCaller) throws -> (ref: ASCAppRef, project: Project) {
        let project = try project(request, caller)
        guard let appStoreId = project.appStoreId else {
            throw APIError(
                status: 409, code: "NOT_IMPORTED",
                message: "This project is not linked to an App Store app; import it from App Store Connect.")
        }
        return (ASCAppRef(organizationId: caller.organizationId, projectId: project.id, appStoreId: appStoreId), project)
    }
}
