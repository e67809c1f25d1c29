import Foundation
import HubHTTPServer
import HubMessaging

/// `POST /api/v1/chat/paywalls`: the caller's paywall catalog (AppNorthPaywallSnapshot),
/// replacing the previous one after validation; offer cards read `available` from it.
struct ChatPaywallsHandler {
    let access: ChatAccess
    let chat: BackendForwarding
    /// Snapshot reports per (project, client IP): the SDK sends one per refresh.
    let reports: RateLimiter

    func replace(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (owner, context) = try access.requireOwner(request)
        try reports.consume(context.project.id + "|" + context.clientAddress)
        let snapshot = try request.decodeJSON(ChatPaywallSnapshot.self)
        // Checked here too, so an invalid snapshot never costs a round trip; chatd checks again.
        let problems = snapshot.problems()
        if !problems.isEmpty { throw APIError.invalidPayload(problems) }
        chat.forward(ChatPaywallsReplace.self, ChatPaywallsReplace.Request(owner: owner, snapshot: snapshot), respond: respond) { _ in
            .noContent
        }
    }
}
