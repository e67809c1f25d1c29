import HubHTTPServer
import HubMessaging

/// Finds which project of an organization owns a conversation named only by its ID (the
/// pinned `/conversations/{conversationId}/…` routes and the dashboard's conversation pages).
/// chatd scopes every team call by project, so the call itself is tried with each of the
/// organization's projects in turn until one does not answer `CONVERSATION_NOT_FOUND`; a wrong
/// project changes nothing in chatd. Organizations have few projects, and ingest keeps no copy
/// of chatd's conversations.
struct ChatConversationLocator {
    let store: IngestStore

    typealias Respond = (Result<HTTPResponse, Error>) -> Void

    /// The operator API's form: the caller's organization, the route's `conversationId`.
    func attempt(
        _ caller: AdminCaller, _ request: HTTPRequest, respond: @escaping Respond,
        call: @escaping (Project, String, @escaping Respond) -> Void
    ) throws {
        try attempt(
            organizationId: caller.organizationId, conversationId: request.pathParameters["conversationId"], respond: respond, call: call)
    }

    func attempt(
        organizationId: String, conversationId: String?, respond: @escaping Respond,
        call: @escaping (Project, String, @escaping Respond) -> Void
    ) throws {
        guard let conversationId, (1...200).contains(conversationId.utf8.count) else { throw APIError.conversationNotFound }
        let projects = try store.projects(organizationId: organizationId)
        ChatConversationLocator.next(projects[...], conversationId, respond, call)
    }

    private static func next(
        _ remaining: ArraySlice<Project>, _ conversationId: String, _ respond: @escaping Respond,
        _ call: @escaping (Project, String, @escaping Respond) -> Void
    ) {
        guard let project = remaining.first else {
            respond(.failure(APIError.conversationNotFound))
            return
        }
        call(project, conversationId) { result in
            if case .failure(let error as APIError) = result, error.code == ChatErrorCode.conversationNotFound {
                next(remaining.dropFirst(), conversationId, respond, call)
            } else {
                respond(result)
            }
        }
    }
}
