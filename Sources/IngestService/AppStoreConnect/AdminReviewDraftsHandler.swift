import Foundation
import HubDaemon
import HubHTTPServer
import HubMessaging

/// `POST /projects/{id}/reviews/{reviewId}/draft` (docs/app-store-connect.md, "Reply drafts"):
/// asod asks the AI provider for a reply and answers `{text, allowance}`; nothing is published.
/// ingest adds what it owns: the project's name and the organization's plan.
struct AdminReviewDraftsHandler {
    let store: IngestStore
    let reviews: AdminReviewsHandler
    let asod: BackendForwarding
    /// A provider is configured (`APPNORTH_AI_URL`); asod decides, this only draws the button.
    let configured: Bool
    /// The provider's own timeout and room for one draft queued before this one.
    let timeout: TimeInterval

    init(store: IngestStore, reviews: AdminReviewsHandler, asod: BackendForwarding, ai: AISettings?) {
        self.store = store
        self.reviews = reviews
        self.asod = asod
        configured = ai != nil
        timeout = 2 * (ai?.timeout ?? 30) + 5
    }

    /// The call for one review of the caller's project.
    func call(_ ref: ASCReviewRef, project: Project) throws -> ASCReviewDraft.Request {
        let plan = try store.organization(id: ref.app.organizationId)?.entitlements ?? .selfhosted
        return ASCReviewDraft.Request(review: ref, appName: project.name, plan: plan)
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (ref, project) = try reviews.review(request, caller)
        asod.forward(ASCReviewDraft.self, try call(ref, project: project), timeout: timeout, respond: respond) { .json($0) }
    }
}
