import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// "Draft reply" on a review's page: the provider is slow, so the post starts a `PendingWork`
/// task; its page is the review's page again with the draft in the response box, labelled, for
/// a person to check and publish. Nothing reaches Apple from here.
extension ReviewsPagesHandler {
    /// What a person does about a draft's refusal (docs/app-store-connect.md, "Reply drafts").
    static let draftActions = ASCErrorText.actions.merging([
        ASCDraftErrorCode.notConfigured:
            "Ask the deployment operator to set APPNORTH_AI_URL, APPNORTH_AI_KEY and APPNORTH_AI_MODEL. Meanwhile, write the reply yourself",
        ASCDraftErrorCode.unavailable:
            "If the month's drafts are spent, they come back on the date above; if the provider failed, nothing was spent: try again in a minute. You can always write the reply yourself",
        ASOErrorCode.planRequired: "Reply drafts need the Pro or Studio plan; write the reply yourself or change the plan",
    ]) { _, draft in draft }

    /// `POST /dashboard/apps/{id}/reviews/{reviewId}/draft`.
    func draft(_ context: PageContext) throws -> HTTPResponse {
        let (project, ref) = try reviewRef(context)
        let call = try drafts.call(ref, project: project)
        let back = reviewsPath(project) + "/" + ref.reviewId
        return try work.begin(context, title: "Drafting a reply", back: back, actions: Self.draftActions) { finish in
            asod.client.call(ASCReviewDraft.self, call, timeout: drafts.timeout) { drafted in
                switch drafted {
                case .failure(let error): finish(.failure(APIError.fromBackend(error)))
                case .success(let draft):
                    // The review as it is now, so the page around the draft is current.
                    asod.client.call(ASCReviewGet.self, ref) { read in
                        finish(
                            read.map { review in
                                { context in
                                    var page = try self.page(context, project, review)
                                    page.draft = draft.text
                                    page.draftFromAI = true
                                    page.draftsLeft = Self.left(draft.allowance)
                                    return PageResponse.html(page.html(viewer: context.viewer()))
                                }
                            }.mapError { APIError.fromBackend($0) })
                    }
                }
            }
        }
    }

    /// "12 of 100 drafts left this month, until 1 January 2027 (UTC)."; nil without a limit.
    static func left(_ allowance: ASCDraftAllowance) -> String? {
        guard let limit = allowance.limit, let remaining = allowance.remaining else { return nil }
        let day = String(allowance.resetsAt.prefix(10))
        return "\(remaining) of \(limit) drafts left this month; the allowance resets on \(day) (UTC)."
    }
}
