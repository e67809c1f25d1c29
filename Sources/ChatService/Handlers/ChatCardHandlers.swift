import HubMessaging

/// Action cards: the team sends the review request, the user's app reports activity.
enum ChatCardHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ChatTeamReviewCard.self) { request, _ in
            try store.reviewCard(projectId: request.projectId, conversationId: request.conversationId)
        }
        rpc.register(ChatCardsActivity.self) { request, _ in
            try store.recordCardActivity(owner: request.owner, messageId: request.messageId, event: request.event)
            return RPCEmpty()
        }
    }
}
