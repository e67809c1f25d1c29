import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// What the chat-ops integration pages (Telegram, Discord) share about pushd's refusals.
enum IntegrationPages {
    /// Refusals a person can act on are shown on the page; a role or plan refusal stays an
    /// error page (403), as for every other page.
    static func drawnAgain(_ error: APIError) -> Bool {
        error.status != 403 && error.status != 401 && error.code != "INTERNAL"
    }

    /// A backend's lower-case message as a sentence.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst() + (message.hasSuffix(".") ? "" : ".")
    }

    /// The notice of a refused post: the form's own problems are shown by their fields.
    static func notice(_ headline: String, _ error: APIError) -> String {
        error.code == "INVALID_PAYLOAD" ? headline + " See below." : headline + " " + sentence(error.message)
    }

    /// Sends a page's post to pushd: a good answer is a 303 to `redirect`, a refusal a person
    /// can act on goes to `refused` (the page drawn again), anything else is the error page.
    static func forward<M: RPCMessage>(
        _ push: BackendForwarding, _ message: M.Type, _ call: M.Request, timeout: TimeInterval?, redirect: String,
        _ respond: @escaping Route.Completion, _ refused: @escaping (APIError) -> Void
    ) {
        push.forward(
            message, call, timeout: timeout,
            respond: { result in
                switch result {
                case .failure(let error as APIError) where drawnAgain(error): refused(error)
                default: respond(result)
                }
            },
            render: { _ in PageResponse.redirect(redirect) })
    }
}
