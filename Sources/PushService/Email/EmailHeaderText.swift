import Foundation
import HubRuntime

/// Header values as RFC 5322 and RFC 2047 want them: ASCII as it is, other text as UTF-8
/// encoded words, lines folded at spaces to 78 characters where they can be and never over 998.
enum EmailHeaderText {
    /// RFC 5322's hard limit on a line, CRLF excluded.
    static let hardLimit = 998
    static let softLimit = 78
    /// UTF-8 bytes per encoded word: 45 bytes are 60 base64 characters, 72 with the wrapper (≤ 75).
    static let wordBytes = 45

    /// A line break or NUL in a header value would end the header early: refused, never cleaned.
    static func requireSafe(_ value: String, header: String) throws {
        if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
            throw EmailCompositionError.unsafeHeader(name: header)
        }
    }

    static func mailbox(_ mailbox: EmailAddress) throws -> String {
        guard let name = mailbox.name else { return mailbox.address }
        try requireSafe(name, header: "address")
        return "\(phrase(name)) <\(mailbox.address)>"
    }

    static func unstructured(_ text: String, header: String) throws -> String {
        try requireSafe(text, header: header)
        return isPrintableASCII(text) ? text : encodedWords(text)
    }

    /// A display name: atoms as they are, other ASCII quoted, anything else encoded.
    static func phrase(_ name: String) -> String {
        guard isPrintableASCII(name) else { return encodedWords(name) }
        let atext = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~ ".utf8)
        if name.utf8.allSatisfy({ atext.contains($0) }) { return name }
        return "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func encodedWords(_ text: String) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > wordBytes {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: " ")
    }

    private static func word(_ bytes: [UInt8]) -> String { "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?=" }

    private static func isPrintableASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 >= 32 && $0 < 127 || $0 == 9 } }

    /// `Name: value` folded at spaces so lines stay within 78 characters where a space allows.
    static func fold(name: String, value: String) throws -> String {
        try requireSafe(value, header: name)
        var lines: [String] = []
        var line = name + ":"
        for (index, token) in value.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let joined = line + " " + token
            if index > 0, !token.isEmpty, joined.utf8.count > softLimit, line.utf8.count > name.utf8.count + 1 {
                lines.append(line)
                line = " " + token
            } else {
                line = joined
            }
        }
        lines.append(line)
        if lines.contains(where: { $0.utf8.count > hardLimit }) { throw EmailCompositionError.lineTooLong(name: name) }
        return lines.joined(separator: "\r\n")
    }
}
