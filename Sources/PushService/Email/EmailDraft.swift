import HubRuntime

/// An email to queue: who gets it, what it says, and the key that makes it unique
/// (`reply:<replyId>`, `alert:<…>`): a key already queued or sent queues nothing again, and
/// the Message-ID is derived from it, so every attempt sends the same message.
public struct EmailDraft: Sendable, Equatable {
    /// The longest dedupe key (it becomes the Message-ID's left part).
    public static let maximumKeyLength = 200

    public var dedupeKey: String
    /// What it is (`reply`, `alert`, `digest`, `invitation`), for the queue's figures.
    public var kind: String
    public var to: EmailAddress
    /// One line; line breaks in it are refused when the message is composed.
    public var subject: String
    public var text: String
    /// The HTML part as it is sent: the caller escapes what it puts in.
    public var html: String
    /// `List-Unsubscribe`'s target (an `https:` or `mailto:` URL) for mail a member may stop.
    public var listUnsubscribe: String?
    /// The bodies carry a secret (an invitation's link): the queue holds them sealed with the
    /// keyring, opened only to send (`PushStore+EmailSealing.swift`).
    public var sealed: Bool

    public init(
        dedupeKey: String, kind: String, to: EmailAddress, subject: String, text: String, html: String,
        listUnsubscribe: String? = nil, sealed: Bool = false
    ) {
        self.sealed = sealed
        self.dedupeKey = dedupeKey
        self.kind = kind
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.listUnsubscribe = listUnsubscribe
    }
}
