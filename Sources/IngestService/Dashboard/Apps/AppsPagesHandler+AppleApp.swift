import Dashboard
import HubHTTPServer
import HubMessaging

/// The project of a page's path with the App Store app it was imported as, for the pages that
/// work on the app in Apple's catalog (metadata, prices).
extension AppsPagesHandler {
    /// The project with its Apple app; nil when it was not imported.
    func appleApp(_ context: PageContext) throws -> (project: Project, ref: ASCAppRef?) {
        let project = try project(context)
        let ref = project.appStoreId.map {
            ASCAppRef(organizationId: context.session.organizationId, projectId: project.id, appStoreId: $0)
        }
        return (project, ref)
    }

    /// The project with its Apple app; 409 `NOT_IMPORTED` when it was not imported.
    func importedApp(_ context: PageContext) throws -> (project: Project, ref: ASCAppRef) {
        let (project, ref) = try appleApp(context)
        guard let ref else { throw APIError(status: 409, code: "NOT_IMPORTED", message: "This app is not imported.") }
        return (project, ref)
    }
}
