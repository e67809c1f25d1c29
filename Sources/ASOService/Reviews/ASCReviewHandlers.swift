import HubMessaging

/// Review calls: reads of asod's copy answer at once; synchronization and responses go to Apple
/// from the work queue.
enum ASCReviewHandlers {
    static func install(on rpc: RPCServer, work: ASCWorkQueue, reviews: ASCReviews) {
        work.register(ASCReviewsSync.self) { ASCReviewsSync.Response(fetched: try reviews.sync($0)) }
        work.register(ASCReviewRespond.self) { try reviews.respond($0) }
        work.register(ASCReviewDeleteResponse.self) { try reviews.deleteResponse($0) }
        rpc.register(ASCReviewsList.self) { request, _ in ASCReviewsList.Response(items: try reviews.list(request)) }
        rpc.register(ASCReviewGet.self) { request, _ in try reviews.review(request) }
        rpc.register(ASCReviewSetStatus.self) { request, _ in try reviews.setStatus(request) }
    }
}
