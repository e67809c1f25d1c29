import Shared

/// The operator API (`/api/admin/v1`): one handler per resource, all behind `AdminAuth`.
public struct AdminRoutes {
    let store: IngestStore
    let jobs: [String: HubJob]

    public init(store: IngestStore, jobs: [HubJob] = []) {
        self.store = store
        self.jobs = Dictionary(uniqueKeysWithValues: jobs.map { ($0.name, $0) })
    }

    public func register(on router: Router) {
        let admin = AdminRouter(router: router, auth: AdminAuth(store: store))
        AdminOrganizationsHandler(store: store).register(on: admin)
        AdminTokensHandler(store: store).register(on: admin)
        AdminProjectsHandler(store: store).register(on: admin)
        AdminIdentitySecretHandler(store: store).register(on: admin)
        AdminBoardsHandler(store: store).register(on: admin)
        AdminStatusesHandler(store: store).register(on: admin)
        AdminIdeasHandler(store: store).register(on: admin)
        AdminModerationHandler(store: store).register(on: admin)
        AdminMergeHandler(store: store).register(on: admin)
        AdminCommentsHandler(store: store).register(on: admin)
        AdminMembersHandler(store: store).register(on: admin)
        AdminFeedbackHandler(store: store).register(on: admin)
        AdminFeedbackChangesHandler(store: store).register(on: admin)
        AdminChangelogHandler(store: store).register(on: admin)
        AdminJobsHandler(store: store, jobs: jobs).register(on: admin)
    }
}
