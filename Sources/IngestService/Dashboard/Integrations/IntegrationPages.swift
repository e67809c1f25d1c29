import HubHTTPServer

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
}
