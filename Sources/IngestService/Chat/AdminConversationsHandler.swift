import HubHTTPServer
import HubMessaging

/// Operator chat inbox: a project's conversations, and one conversation's messages (reading
/// with a write token marks the user's messages read by the team, unless `markRead=false`) and
/// replies or internal notes.
struct AdminConversationsHandler {
    let lookup: AdminLookup
    let locator: ChatConversationLocator
    let chat: BackendForwarding
    let uploads: ChatImageUploads
    let actions: ChatTeamActions

    struct PostBody: Decodable {
        let body: String
        let `internal`: Bool?
        let imageTokens: [String]?
    }

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let project = try lookup.project(request, caller)
        var problems: [String: [String]] = [:]
        var status: ChatConversationSummary.Status?
        if let text = CommunityHTTP.nonEmptyQuery(request, "status") {
            status = ChatConversationSummary.Status(rawValue: text)
            if status == nil { problems["status"] = ["must be open or resolved"] }
        }
        var unread: Bool?
        if let text = CommunityHTTP.nonEmptyQuery(request, "unread") {
            unread = text == "true" ? true : text == "false" ? false : nil
            if unread == nil { problems["unread"] = ["must be true or false"] }
        }
        var limit = 50
        if let text = CommunityHTTP.nonEmptyQuery(request, "limit") {
            if let value = Int(text), (1...100).contains(value) { limit = value } else { problems["limit"] = ["must be 1-100"] }
        }
        let cursor = CommunityHTTP.nonEmptyQuery(request, "cursor")
        if let cursor, cursor.utf8.count > 200 { problems["cursor"] = ["is not a cursor"] }
        if !problems.isEmpty { throw APIError.invalidQuery(problems) }
        let call = ChatTeamConversations.Request(projectId: project.id, status: status, unread: unread, cursor: cursor, limit: limit)
        chat.forward(ChatTeamConversations.self, call, respond: respond) {
            .json(AdminPage(items: $0.items.map(AdminConversationJSON.init), nextCursor: $0.nextCursor))
        }
    }

    func messages(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var problems: [String: [String]] = [:]
        var limit = ChatTeamMessages.defaultLimit
        if let text = CommunityHTTP.nonEmptyQuery(request, "limit") {
            if let value = Int(text), (1...ChatTeamMessages.maximumLimit).contains(value) {
                limit = value
            } else {
                problems["limit"] = ["must be 1-\(ChatTeamMessages.maximumLimit)"]
            }
        }
        let cursor = CommunityHTTP.nonEmptyQuery(request, "cursor")
        if let cursor, cursor.utf8.count > 20 || Int64(cursor) == nil { problems["cursor"] = ["is not a cursor"] }
        // Reading as the team marks the user's messages read, a change of state: a write token
        // does so unless told not to, a read token only reads and may not ask for it.
        let canWrite = caller.token.scope == .write
        var markRead = canWrite
        if let text = CommunityHTTP.nonEmptyQuery(request, "markRead") {
            if text == "true" || text == "false" { markRead = text == "true" } else { problems["markRead"] = ["must be true or false"] }
        }
        if !problems.isEmpty { throw APIError.invalidQuery(problems) }
        if markRead && !canWrite {
            throw APIError(status: 403, code: "FORBIDDEN", message: "markRead=true changes the conversation and needs a write token.")
        }
        let base = uploads.base(for: request)
        try locator.attempt(caller, request, respond: respond) { project, id, done in
            let call = ChatTeamMessages.Request(
                projectId: project.id, conversationId: id, cursor: cursor, limit: limit,
                markRead: markRead)
            chat.forward(ChatTeamMessages.self, call, respond: done) {
                .json(AdminPage(items: $0.items.map { uploads.signer.signed($0, base: base) }, nextCursor: $0.nextCursor))
            }
        }
    }

    func post(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(PostBody.self)
        // A retried post (a lost answer, a webhook delivered again) names its message once.
        let key = CommunityHTTP.idempotencyKey(request)
        if let key, !IngestStore.isValidIdempotencyKey(key) { throw APIError.invalidIdempotencyKey }
        let base = uploads.base(for: request)
        try actions.post(
            caller.actor, conversationId: request.pathParameters["conversationId"], body: body.body, internal: body.internal ?? false,
            imageTokens: body.imageTokens ?? [], idempotencyKey: key, respond: respond
        ) { .json(uploads.signer.signed($0, base: base), status: 201) }
    }
}
