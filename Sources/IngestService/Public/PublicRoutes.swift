import Shared

/// The public community routes under `/api/v1`, one handler per resource. Every route
/// takes `app_id`; writes take `Origin`, an optional `Idempotency-Key` and at most 32,000
/// bytes of JSON.
public struct PublicRoutes {
    let store: IngestStore
    let requestGuard: PublicRequestGuard

    public init(store: IngestStore, requestGuard: PublicRequestGuard) {
        self.store = store
        self.requestGuard = requestGuard
    }

    public func register(on router: Router) {
        let cursors = CursorSigner(store: store)
        WidgetConfigHandler(requestGuard: requestGuard).register(on: router)
        BoardsHandler(store: store, requestGuard: requestGuard).register(on: router)
        IdeasHandler(store: store, requestGuard: requestGuard, cursors: cursors).register(on: router)
        VotesHandler(store: store, requestGuard: requestGuard).register(on: router)
        CommentsHandler(store: store, requestGuard: requestGuard, cursors: cursors).register(on: router)
        ChangelogHandler(store: store, requestGuard: requestGuard, cursors: cursors).register(on: router)
    }
}
