/// What a member may ask to be emailed about (docs/email.md, "Team alerts"). The raw value is
/// the preference's name on the page, in the store and on the wire.
public enum EmailAlertKind: String, CaseIterable, Codable, Sendable {
    /// A user's message opened a conversation.
    case newConversation = "new_conversation"
    /// A report (bug, idea, question) came in.
    case newReport = "new_report"
    /// One email a day with the counts of both, per app.
    case dailyDigest = "daily_digest"
}
