import Dashboard
import HubHTTPServer

/// The inbox and conversation pages (`InboxPagesHandler`, `ConversationPagesHandler`): reading
/// and answering chat need `answerChat`; the review request also needs `requestReviews`, which
/// `ChatTeamActions` checks.
extension IngestRoutes {
    var inboxPageRoutes: [RouteLine] {
        let gate = pageGate
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let inbox = inboxPages
        let conversation = conversationPages
        return [
            .hubAsync("GET", "/dashboard", gate.pageAsync(.answerChat, inbox.inbox), body: .serverDefault),
            .hubAsync("GET", "/dashboard/conversations/{id}", gate.pageAsync(.answerChat, conversation.page), body: .serverDefault),
            .hubAsync(
                "POST", "/dashboard/conversations/{id}/reply", gate.pageAsync(.answerChat, conversation.reply),
                body: .bytes(ConversationPagesHandler.replyFormBytes)),
            .hubAsync("POST", "/dashboard/conversations/{id}/cards", gate.pageAsync(.answerChat, conversation.card), body: form),
            .hubAsync("POST", "/dashboard/conversations/{id}/resolve", gate.pageAsync(.answerChat, conversation.resolve), body: form),
            .hubAsync("POST", "/dashboard/conversations/{id}/reopen", gate.pageAsync(.answerChat, conversation.reopen), body: form),
        ]
    }
}
