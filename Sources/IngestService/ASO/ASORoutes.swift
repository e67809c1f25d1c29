import Shared

/// The ASO operator routes (`/api/admin/v1/aso/…`, `/api/admin/v1/projects/{id}/aso/…`), all
/// behind `AdminAuth` and forwarded to asod without holding an HTTP thread while it answers.
public struct ASORoutes {
    let store: IngestStore
    let asod: RPCClient

    public init(store: IngestStore, asod: RPCClient) {
        self.store = store
        self.asod = asod
    }

    public func register(on router: Router) {
        let admin = AdminRouter(router: router, auth: AdminAuth(store: store))
        let backend = ASOBackend(client: asod, store: store)
        ASOExplorerHandler(asod: backend).register(on: admin)
        ASOKeywordsHandler(asod: backend).register(on: admin)
        ASOGroupsHandler(asod: backend).register(on: admin)
        ASOCandidatesHandler(asod: backend).register(on: admin)
    }
}
