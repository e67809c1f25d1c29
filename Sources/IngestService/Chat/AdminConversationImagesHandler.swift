import HubHTTPServer
import HubMessaging

/// `POST /conversations/{conversationId}/images`: the team's photo uploads, the same two steps
/// as the participant's, bound to the API token that uploads and to the conversation.
struct AdminConversationImagesHandler {
    let locator: ChatConversationLocator
    let chat: BackendForwarding
    let uploads: ChatImageUploads

    func create(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(ChatImageUploads.Body.self)
        let member = AdminConversationImagesHandler.member(caller)
        let binding = ChatImageUploads.Binding.team(
            organizationId: caller.organizationId, member: member,
            conversationId: request.pathParameters["conversationId"] ?? "")
        guard let token = body.uploadToken else {
            // The conversation is checked here too, so no upload URL is handed out for another's.
            return try locator.attempt(caller, request, respond: respond) { project, id, done in
                chat.forward(ChatTeamConversation.self, ChatConversationRef(projectId: project.id, conversationId: id), respond: done) {
                    _ in
                    try uploads.start(body, binding: binding, request: request)
                }
            }
        }
        uploads.completeOnDecoder(token, binding: binding, respond: respond) { completed in
            try locator.attempt(caller, request, respond: respond) { project, id, done in
                let call = uploads.stageRequest(completed, uploader: .team(projectId: project.id, member: member, conversationId: id))
                chat.forward(ChatImageStage.self, call, respond: done) {
                    uploads.completedResponse($0, imageToken: completed.imageToken, request: request)
                }
            }
        }
    }

    /// The team member a team photo and reply are bound to.
    static func member(_ caller: AdminCaller) -> String { "token:" + caller.token.id }
}
