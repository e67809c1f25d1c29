/// Applies `SecretRule`s one after another, each to the previous one's output, as the
/// regular expressions they replaced were. Text without any rule's keyword, which is almost
/// every log line and report, is returned as it came without being copied.
public struct SecretScanner: Sendable {
    public let rules: [SecretRule]
    private let keywords: [[UInt8]]

    public init(_ rules: [SecretRule]) {
        self.rules = rules
        var keywords: [[UInt8]] = []
        for rule in rules {
            for keyword in rule.keywords where !keywords.contains(keyword) { keywords.append(keyword) }
        }
        self.keywords = keywords
    }

    /// `text` with every match of every rule replaced.
    public func scrub(_ text: String) -> String {
        guard mayMatch(text) else { return text }
        var bytes = Array(text.utf8)
        var changed = false
        for rule in rules {
            if let out = rule.apply(to: bytes) {
                bytes = out
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// Whether `text` holds a keyword, ASCII letters compared without case.
    func mayMatch(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            SecretText.reading(buffer) { scanned in keywords.contains { scanned.find($0, from: 0, ignoringCase: true) != nil } }
        }
    }
}
