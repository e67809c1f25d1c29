/// The email a reporter gets for a public team reply to their report.
enum ReplyEmail {
    static func dedupeKey(replyId: String) -> String { "reply:" + replyId }
}
