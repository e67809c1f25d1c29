import Foundation
import HubMessaging
import HubRuntime

/// The `reviews` job: synchronizes the reviews of every project imported from App Store
/// Connect, one app at a time through asod. Apps of organizations without a connection are
/// skipped; a failing app is logged and the pass goes on.
public struct ReviewsJob: HubJob {
    public let name = "reviews"
    let store: IngestStore
    let asod: RPCClient
    let logger: Logger

    public func run() throws -> Int {
        var fetched = 0
        for app in try store.importedApps() {
            switch asod.call(ASCReviewsSync.self, app, timeout: AdminAppStoreConnectHandler.appleTimeout) {
            case .success(let answer):
                fetched += answer.fetched
            case .failure(let error) where error.code == ASCErrorCode.notConnected:
                continue
            case .failure(let error):
                logger.warn("reviews sync failed", ["projectId": app.projectId, "code": error.code])
            }
        }
        return fetched
    }
}
