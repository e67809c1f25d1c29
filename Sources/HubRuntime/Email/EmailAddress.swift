/// A mailbox as SMTP without extensions can carry it: an ASCII `local@domain` (no spaces,
/// controls, brackets or quotes, so it is safe in a header and in an envelope), and an
/// optional display name (any text without line breaks; headers encode it).
public struct EmailAddress: Sendable, Equatable, CustomStringConvertible {
    public let address: String
    public let name: String?

    /// The longest address SMTP carries (RFC 5321: 64 + 1 + 255, as the hub's inputs allow).
    public static let maximumLength = 320

    public init?(address: String, name: String? = nil) {
        guard EmailAddress.isMailbox(address) else { return nil }
        if let name, name.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) { return nil }
        self.address = address
        let trimmed = name?.trimmingCharacters(in: .whitespaces)
        self.name = trimmed?.isEmpty == false ? trimmed : nil
    }

    /// `hub@example.com` or `Example Hub <hub@example.com>` (a quoted name loses its quotes).
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
            self.init(address: trimmed)
            return
        }
        var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
        let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        self.init(address: address, name: name)
    }

    /// The part after the `@`, lowercased (the hub's Message-IDs use its sender's).
    public var domain: String { String(address[address.index(after: address.lastIndex(of: "@")!)...]).lowercased() }

    public var description: String { name.map { "\($0) <\(address)>" } ?? address }

    static func isMailbox(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (3...maximumLength).contains(bytes.count), let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 1
        else { return false }
        let forbidden: Set<UInt8> = Set("<>()[]\\,;:\"@".utf8)
        guard bytes[..<at].allSatisfy({ $0 > 32 && $0 < 127 && !forbidden.contains($0) }) else { return false }
        let domain = bytes[(at + 1)...]
        let labelByte: (UInt8) -> Bool = {
            ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 46
        }
        return domain.allSatisfy(labelByte) && domain.contains(46) && domain.first != 46 && domain.last != 46
            && !String(decoding: domain, as: UTF8.self).contains("..")
    }
}
