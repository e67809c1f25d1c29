import Foundation

/// The members of one JSON object, for bodies that read themselves (`JSONReadable`, and the
/// RPC's `RPCJSONBody`). Reading is strict: a value of another kind, a string with escapes, a
/// duplicate or an object of more than `maxMembers` members reads as nil, and the body then
/// goes through JSONDecoder, which decides and words any error.
public struct JSONObjectReader {
    /// More members than a hot body has: such an object is left to JSONDecoder, and the
    /// duplicate check stays small.
    public static let maxMembers = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private let members: [(key: Range<Int>, value: Range<Int>)]

    /// Reads `bytes`, whole, as one object and hands it to `body`; nil when it is not an object
    /// `JSONObjectReader` reads.
    public static func read<T>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (JSONObjectReader) -> T?) -> T? {
        guard let object = JSONObjectReader(bytes) else { return nil }
        return body(object)
    }

    /// Reads the object at `range` of `frame` (offsets from its start) and hands it to `body`;
    /// nil when it is not an object `JSONObjectReader` reads.
    public static func read<T>(_ frame: Data, _ range: Range<Int>, _ body: (JSONObjectReader) -> T?) -> T? {
        frame.withUnsafeBytes { raw -> T? in
            let all = raw.bindMemory(to: UInt8.self)
            guard range.lowerBound >= 0, range.upperBound <= all.count,
                let object = JSONObjectReader(UnsafeBufferPointer(rebasing: all[range]))
            else { return nil }
            return body(object)
        }
    }

    private init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = JSONScanner(bytes: bytes)
        var members: [(key: Range<Int>, value: Range<Int>)] = []
        // Room for every member it takes, allocated once: grown from empty, an object of three
        // members cost three allocations.
        members.reserveCapacity(Self.maxMembers)
        let read = scanner.object { key, value in
            let name = bytes[key]
            guard members.count < Self.maxMembers, !members.contains(where: { JSONScanner.equal(bytes[$0.key], name) }) else {
                return false
            }
            members.append((key, value))
            return true
        }
        guard read else { return nil }
        self.bytes = bytes
        self.members = members
    }

    /// A string member without escapes; nil when missing, of another kind, or escaped.
    public func string(_ name: StaticString) -> String? {
        guard let value = self[name] else { return nil }
        return JSONScanner.plainString(bytes[value])
    }

    /// An optional string member: `.some(nil)` when missing or null; nil when of another kind
    /// or escaped.
    public func optionalString(_ name: StaticString) -> String?? {
        guard let value = self[name], !JSONScanner.equal(bytes[value], "null") else { return .some(nil) }
        return JSONScanner.plainString(bytes[value]).map { .some($0) }
    }

    public func bool(_ name: StaticString) -> Bool? {
        guard let value = self[name] else { return nil }
        let slice = bytes[value]
        return JSONScanner.equal(slice, "true") ? true : JSONScanner.equal(slice, "false") ? false : nil
    }

    /// A member that is an object, read by `body`.
    public func object<T>(_ name: StaticString, _ body: (JSONObjectReader) -> T?) -> T? {
        guard let value = self[name], let object = JSONObjectReader(UnsafeBufferPointer(rebasing: bytes[value])) else { return nil }
        return body(object)
    }

    /// Whether the member is missing or `null`.
    public func isAbsent(_ name: StaticString) -> Bool {
        guard let value = self[name] else { return true }
        return JSONScanner.equal(bytes[value], "null")
    }

    /// Whether the member is an empty array; false when missing or anything else.
    public func isEmptyArray(_ name: StaticString) -> Bool {
        guard let value = self[name], value.count >= 2, bytes[value.lowerBound] == UInt8(ascii: "["),
            bytes[value.upperBound - 1] == UInt8(ascii: "]")
        else { return false }
        return bytes[(value.lowerBound + 1)..<(value.upperBound - 1)].allSatisfy {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09
        }
    }

    /// Whether every member is one of `names`: a reader that takes only those leaves any
    /// other member to JSONDecoder rather than skip it.
    public func hasOnly(_ names: [StaticString]) -> Bool {
        members.allSatisfy { member in names.contains { isKey(member.key, name: $0) } }
    }

    /// The value's range of the member `name`.
    private subscript(name: StaticString) -> Range<Int>? {
        members.first { isKey($0.key, name: name) }?.value
    }

    /// Whether the key at `key` (quotes included) is `name`.
    private func isKey(_ key: Range<Int>, name: StaticString) -> Bool {
        JSONScanner.equal(bytes[(key.lowerBound + 1)..<(key.upperBound - 1)], name)
    }
}

/// A value that can read itself from a JSON object without JSONDecoder, for request bodies on
/// write paths (`HTTPRequest.decodeJSON`). `init(json:)` answers nil for anything it does not
/// take (escapes, members it does not know, other kinds), and JSONDecoder then decides: so for
/// any object it does take it must give what JSONDecoder gives.
public protocol JSONReadable {
    init?(json: JSONObjectReader)
}
