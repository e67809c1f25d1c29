import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

extension CleanupJob {
    /// For each organization with retention on: its report screenshots older than the days are
    /// deleted from the object store, then the report records the removal; its sent chat photos
    /// older than that are removed by chatd (`chat.images.expire`). Both in bounded batches. A
    /// delete the store refuses throws with the report unchanged, so the next pass retries it.
    func applyMediaRetention() throws -> Int {
        var removed = 0
        for policy in try store.mediaRetentionPolicies() where !policy.projectIds.isEmpty {
            let before = ISOTime.format(clock.now().addingTimeInterval(-Double(policy.days) * 86_400))
            for shot in try store.screenshotsPastRetention(projectIds: policy.projectIds, before: before, limit: MediaRetention.batch) {
                try objects.delete(key: shot.key)
                try store.markScreenshotRemoved(feedbackId: shot.id, key: shot.key)
                removed += 1
            }
            for chunk in stride(from: 0, to: policy.projectIds.count, by: ChatImageExpire.maximumProjects) {
                let projectIds = Array(policy.projectIds[chunk..<min(chunk + ChatImageExpire.maximumProjects, policy.projectIds.count)])
                let request = ChatImageExpire.Request(projectIds: projectIds, before: before, limit: MediaRetention.batch)
                switch chat.call(ChatImageExpire.self, request) {
                case .success(let answer): removed += answer.expired
                case .failure(let error): throw APIError.fromBackend(error)
                }
            }
        }
        return removed
    }
}
