import Dashboard
import Foundation
import HubMessaging

/// chatd's thread in the words of the conversation page.
extension ConversationPagesHandler {
    static func view(
        _ thread: ChatTeamThread.Response, project: Project, authors: [String: String], sign: (ChatMessageDTO) -> ChatMessageDTO
    ) -> ConversationView {
        let summary = thread.conversation
        let customer = ConversationCustomer(
            identity: summary.ownerEmail.map { .verified(email: $0) } ?? .anonymous, locale: summary.locale, platform: summary.platform,
            bundleId: summary.bundleId,
            paywalls: thread.paywalls.map { paywalls($0, receivedAt: thread.paywallsReceivedAt ?? "") })
        return ConversationView(
            id: summary.id, app: InboxChoice(id: project.id, name: project.name), status: summary.status == .resolved ? .resolved : .open,
            sentiment: summary.sentiment?.rawValue, createdAt: summary.createdAt, customer: customer,
            messages: thread.entries.map { entry(sign($0.message), author: $0.author, authors: authors) },
            automaticReviewRequests: project.automaticReviewRequests, replyKey: newKey(), now: Date())
    }

    /// Team messages name their member; a token's message says so, the hub's own (the
    /// automatic review request) has no author.
    static func authorName(_ author: String?, authors: [String: String]) -> String? {
        guard let author else { return nil }
        if let name = authors[author] { return name }
        if author.hasPrefix("token:") { return "API token" }
        return "Former member"
    }

    static func entry(_ message: ChatMessageDTO, author: String?, authors: [String: String]) -> ConversationEntry {
        ConversationEntry(
            id: message.id, sender: message.sender == .user ? .user : .team, isInternal: message.internal ?? false,
            author: message.sender == .team ? authorName(author, authors: authors) : nil, body: message.body,
            createdAt: message.createdAt,
            photos: message.images.map {
                ConversationEntry.Photo(url: $0.url, width: $0.width, height: $0.height, expired: $0.expired == true)
            },
            card: message.actionCard.map { card in
                ConversationEntry.Card(
                    kind: card.kind == ChatOfferCard.kind ? .offer : .reviewRequest, title: card.titleAtSend, paywallId: card.paywallId,
                    buttonLabel: card.buttonLabel, body: card.body, available: card.available, openedAt: message.openedAt,
                    tappedAt: message.tappedAt)
            })
    }

    static func paywalls(_ snapshot: ChatPaywallSnapshot, receivedAt: String) -> ConversationPaywalls {
        ConversationPaywalls(
            receivedAt: receivedAt,
            paywalls: snapshot.paywalls.map { paywall in
                ConversationPaywalls.Paywall(
                    id: paywall.id, title: paywall.title, presentable: paywall.presentable, available: paywall.available,
                    products: paywall.products.map { .init(id: $0.id, price: $0.price, period: $0.period, trial: $0.trial) })
            },
            subscription: snapshot.plan.map {
                .init(
                    status: $0.subscriptionStatus, plan: $0.plan, renewsOn: $0.renewsOn, expiresOn: $0.expiresOn,
                    environment: $0.environment)
            })
    }
}
