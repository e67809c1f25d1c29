import Shared

/// Watchlist, AppTracker and record import: organization-scoped reads and writes.
enum MarketListHandlers {
    static func install(on rpc: RPCServer, store: MarketStore) {
        let tracker = MarketTracker(store: store)
        rpc.register(MarketWatchlistList.self) { request, _ in try store.watchlist(request) }
        rpc.register(MarketWatchlistAdd.self) { request, _ in try store.addToWatchlist(request) }
        rpc.register(MarketWatchlistRemove.self) { request, _ in try store.removeFromWatchlist(request) }
        rpc.register(MarketTrackerTimeline.self) { request, _ in try tracker.timeline(request) }
        rpc.register(MarketRecordsImport.self) { request, _ in try store.importRecords(request) }
    }
}
