import HubMessaging

/// Catalog reads (apps, profiles, publishers) and the organization-scoped lists: watchlist,
/// AppTracker, record import and favorites, and their erasure with the organization.
enum MarketListHandlers {
    static func install(on rpc: RPCServer, store: MarketStore) {
        let tracker = MarketTracker(store: store)
        rpc.register(MarketWatchlistList.self) { request, _ in try store.watchlist(request) }
        rpc.register(ErasureOrganization.self) { request, _ in try store.eraseOrganization(request.subject) }
        rpc.register(MarketWatchlistAdd.self) { request, _ in try store.addToWatchlist(request) }
        rpc.register(MarketWatchlistRemove.self) { request, _ in try store.removeFromWatchlist(request) }
        rpc.register(MarketTrackerTimeline.self) { request, _ in try tracker.timeline(request) }
        rpc.register(MarketRecordsImport.self) { request, _ in try store.importRecords(request) }
        rpc.register(MarketAppSearch.self) { request, _ in try store.searchApps(request) }
        rpc.register(MarketAppGet.self) { request, _ in try store.appProfile(request) }
        rpc.register(MarketAppAds.self) { request, _ in try store.appAds(request) }
        rpc.register(MarketAppPosts.self) { request, _ in try store.appPosts(request) }
        rpc.register(MarketPublishers.self) { request, _ in try store.publishers(request) }
        rpc.register(MarketPublisherGet.self) { request, _ in try store.publisher(request) }
        rpc.register(MarketFavoritesList.self) { request, _ in try store.favorites(request) }
        rpc.register(MarketFavoriteSave.self) { request, _ in try store.saveFavorite(request) }
        rpc.register(MarketFavoriteRemove.self) { request, _ in try store.removeFavorite(request) }
        rpc.register(MarketFoldersList.self) { request, _ in try store.folders(request) }
        rpc.register(MarketFolderCreate.self) { request, _ in try store.createFolder(request) }
        rpc.register(MarketFolderRename.self) { request, _ in try store.renameFolder(request) }
        rpc.register(MarketFolderDelete.self) { request, _ in try store.deleteFolder(request) }
    }
}
