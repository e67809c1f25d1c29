import HubMessaging

/// Paywall snapshots from the user's app, and offer cards from the team.
enum ChatPaywallHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ChatPaywallsReplace.self) { request, _ in
            try store.replacePaywalls(owner: request.owner, snapshot: request.snapshot)
            return RPCEmpty()
        }
        rpc.register(ChatOfferCard.self) { request, _ in try store.offerCard(request) }
    }
}
