import Shared

/// The push routes: the SDK's device registration (`/api/v1/push/devices`, same identity and
/// Origin rules as chat) and the operator's APNs credentials, all forwarded to pushd.
public struct PushRoutes {
    /// Registrations per minute per (project, client IP): an app registers once per launch.
    public static let registrationsPerMinute = 60

    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let pushd: RPCClient
    let clock: Clock

    public init(store: IngestStore, requestGuard: PublicRequestGuard, pushd: RPCClient, clock: Clock) {
        self.store = store
        self.requestGuard = requestGuard
        self.pushd = pushd
        self.clock = clock
    }

    public func register(on router: Router) {
        let push = BackendForwarding(client: pushd)
        PushDevicesHandler(access: ChatAccess(requestGuard: requestGuard), push: push,
                           registrations: RateLimiter(limit: PushRoutes.registrationsPerMinute, window: 60, clock: clock))
            .register(on: router)
        AdminPushCredentialsHandler(lookup: AdminLookup(store: store), push: push)
            .register(on: AdminRouter(router: router, auth: AdminAuth(store: store)))
    }
}
