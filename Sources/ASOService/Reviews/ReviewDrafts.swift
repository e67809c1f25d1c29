import Foundation
import HubMessaging
import HubRuntime

/// Review reply drafts (docs/app-store-connect.md, "Reply drafts"): off without a provider,
/// refused on a plan without an allowance or when the month's is spent (without calling the
/// provider), and spent only when the provider's draft came back. Drafts run one at a time on
/// their own queue, so a check and its spend cannot interleave with another draft's.
final class ReviewDrafts: @unchecked Sendable {
    let store: ASOStore
    let reviews: ASCReviews
    let client: ReviewDraftClient?
    let logger: Logger

    init(store: ASOStore, reviews: ASCReviews, client: ReviewDraftClient?, logger: Logger) {
        self.store = store
        self.reviews = reviews
        self.client = client
        self.logger = logger
    }

    func draft(_ request: ASCReviewDraft.Request) throws -> ASCReviewDraft.Response {
        guard let client else { throw RPCError.draftNotConfigured() }
        let review = try reviews.review(request.review)
        let organizationId = request.review.app.organizationId
        let limit = request.plan.monthlyReviewDraftAllowance
        if limit == 0 { throw RPCError.draftPlanRequired() }
        let before = try store.draftAllowance(organizationId: organizationId, limit: limit)
        if let limit, before.used >= limit { throw RPCError.draftAllowanceSpent(before) }
        let text: String
        do {
            text = try client.draft(ReviewDraftPrompt(appName: request.appName, review: review))
        } catch let failure as ReviewDraftClient.Failure {
            logger.warn(
                "review draft failed",
                ["organization": organizationId, "project": request.review.app.projectId, "reason": failure.reason])
            throw RPCError.draftProviderFailed(failure.reason, retryAfter: failure.retryAfter)
        }
        return ASCReviewDraft.Response(text: text, allowance: try store.spendDraft(organizationId: organizationId, limit: limit))
    }
}
