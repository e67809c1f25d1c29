import HubMessaging

/// The fixed copy of the review-request card, English or Spanish by the conversation's
/// locale. It neither offers an incentive nor asks for a particular rating.
struct ChatReviewCopy: Equatable {
    let messageBody: String
    let title: String
    let buttonLabel: String
    let cardBody: String

    static let english = ChatReviewCopy(
        messageBody: "Thanks for chatting with us. If you have a moment, we'd love to hear what you think of the app.",
        title: "Share your thoughts",
        buttonLabel: "Rate on the App Store",
        cardBody: "Your review helps other people decide whether the app is right for them.")

    static let spanish = ChatReviewCopy(
        messageBody: "Gracias por escribirnos. Si tienes un momento, nos encantaría saber qué opinas de la app.",
        title: "Cuéntanos tu opinión",
        buttonLabel: "Valorar en el App Store",
        cardBody: "Tu reseña ayuda a otras personas a decidir si la app es para ellas.")

    /// `es`, `es-MX`, `es_ES`… are Spanish; everything else, and no locale, English.
    static func forLocale(_ locale: String?) -> ChatReviewCopy {
        guard let locale = locale?.lowercased() else { return .english }
        return locale == "es" || locale.hasPrefix("es-") || locale.hasPrefix("es_") ? .spanish : .english
    }

    var card: ChatActionCardDTO {
        ChatActionCardDTO(
            kind: ChatStore.reviewRequestKind, paywallId: nil, titleAtSend: title,
            buttonLabel: buttonLabel, body: cardBody, available: true)
    }
}
