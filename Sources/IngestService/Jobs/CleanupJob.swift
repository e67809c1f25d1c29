import Foundation
import HubMessaging
import HubRuntime

/// ingest's housekeeping, run on a schedule and on demand: idempotency records past their
/// 7-day guarantee, outbox events past their retention (`Outbox.removeExpired`: acknowledged
/// more than 7 days ago, or `feedback.*` events no consumer reads yet, 7 days after they were
/// written), and screenshot files no report refers to (left by a crash between writing the
/// file and committing the row), once they are an hour old so an upload still in flight is
/// never touched; and chat photo staging (raw uploads and previews, sent or abandoned) after
/// two days, by which time every image token made from it has expired and sent photos have
/// their own copy; and dashboard sessions and invitation codes nothing can use any more, and
/// the hosted roadmap's expired handoff codes and sessions; and notifications read state after
/// `notificationReadRetentionDays`; and last, each workspace's media retention
/// (`applyMediaRetention`).
public struct CleanupJob: HubJob {
    public let name = "cleanup"
    let store: IngestStore
    let objects: ObjectStore
    let clock: Clock
    /// chatd, which removes the sent photos of a workspace with retention.
    let chat: RPCClient
    static let orphanGrace: TimeInterval = 3_600
    /// Longer than any notification stays in the feed, so pruning never brings one back unread.
    static let notificationReadRetentionDays = 90

    public func run() throws -> Int {
        let records = try store.deleteIdempotencyRecords(olderThanDays: 8)
        let events = try store.outbox.removeExpired()
        var orphans = 0
        let cutoff = clock.now().addingTimeInterval(-CleanupJob.orphanGrace)
        for object in try objects.list(prefix: "screenshots/") where object.modifiedAt < cutoff {
            if try !store.isReferencedScreenshot(key: object.key) {
                try objects.delete(key: object.key)
                orphans += 1
            }
        }
        var staged = 0
        let stagingCutoff = clock.now().addingTimeInterval(-ChatImageLimits.stagingRetention)
        for object in try objects.list(prefix: ChatImageLimits.stagingPrefix) where object.modifiedAt < stagingCutoff {
            try objects.delete(key: object.key)
            staged += 1
        }
        let accounts = try store.deleteExpiredAccountRows()
        let roadmap = try store.deleteExpiredRoadmapAccess()
        let reads = try store.deleteNotificationReads(olderThanDays: CleanupJob.notificationReadRetentionDays)
        let retained = try applyMediaRetention()
        return records + events + orphans + staged + accounts + roadmap + reads + retained
    }
}
