/// Message texts for the chat-ops providers: their limits and how a long text is cut.
enum ChatOpsText {
    /// Telegram's longest message text, counted in UTF-16 code units as Telegram counts it.
    static let telegramUnits = 4_096
    /// Discord's longest message content (2,000 characters; counted here in UTF-16 units, which
    /// is never fewer).
    static let discordUnits = 2_000
    /// Telegram's longest topic name.
    static let maximumTopicName = 128

    /// Cuts `text` into chunks of at most `limit` UTF-16 units, never inside a character, at
    /// the last line break or space of a chunk's final quarter when there is one. Deterministic,
    /// so a chunk counted as sent before a restart is the same chunk after it.
    static func chunks(_ text: String, limit: Int = telegramUnits) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while rest.utf16.count > limit {
            var end = rest.startIndex
            var units = 0
            var lastBreak: String.Index?
            for index in rest.indices {
                let width = rest[index].utf16.count
                if units + width > limit { break }
                units += width
                end = rest.index(after: index)
                if rest[index] == "\n" || rest[index] == " ", units > limit * 3 / 4 { lastBreak = end }
            }
            // A single character wider than the limit cannot occur (a Character is far below it),
            // but guard against an empty cut anyway.
            if end == rest.startIndex { end = rest.index(after: rest.startIndex) }
            let cut = lastBreak ?? end
            result.append(String(rest[..<cut]))
            rest = rest[cut...]
        }
        if !rest.isEmpty || result.isEmpty { result.append(String(rest)) }
        return result
    }

    /// A name cut to a topic or thread name limit (Telegram's 128 unless told).
    static func topicName(_ name: String, limit: Int = maximumTopicName) -> String {
        var out = ""
        for character in name {
            if out.utf16.count + character.utf16.count > limit { break }
            out.append(character)
        }
        return out.isEmpty ? "Conversation" : out
    }
}
