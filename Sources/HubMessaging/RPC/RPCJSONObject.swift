import Foundation

/// The members of one JSON object, for bodies that read themselves (`RPCJSONBody`). Reading
/// is strict: a value of another kind, a string with escapes, a duplicate or an object of more
/// than `maxMembers` members reads as nil, and the body then goes through JSONDecoder, which
/// decides and words any error.
struct RPCJSONObject {
    /// More members than a hot body has: such an object is left to JSONDecoder, and the
    /// duplicate check stays small.
    static let maxMembers = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private let members: [(key: Range<Int>, value: Range<Int>)]

    /// Reads the object at `range` of `frame` (offsets from its start) and hands it to `body`;
    /// nil when it is not an object `RPCJSONObject` reads.
    static func read<T>(_ frame: Data, _ range: Range<Int>, _ body: (RPCJSONObject) -> T?) -> T? {
        frame.withUnsafeBytes { raw -> T? in
            let all = raw.bindMemory(to: UInt8.self)
            guard range.lowerBound >= 0, range.upperBound <= all.count else { return nil }
            guard let object = RPCJSONObject(UnsafeBufferPointer(rebasing: all[range])) else { return nil }
            return body(object)
        }
    }

    private init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = RPCJSONScanner(bytes: bytes)
        var members: [(key: Range<Int>, value: Range<Int>)] = []
        let read = scanner.object { key, value in
            let name = bytes[key]
            guard members.count < Self.maxMembers, !members.contains(where: { bytes[$0.key].elementsEqual(name) }) else {
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
    func string(_ name: StaticString) -> String? {
        guard let value = self[name] else { return nil }
        return RPCJSONScanner.plainString(bytes[value])
    }

    /// An optional string member: `.some(nil)` when missing or null; nil when of another kind
    /// or escaped.
    func optionalString(_ name: StaticString) -> String?? {
        guard let value = self[name], !bytes[value].elementsEqual("null".utf8) else { return .some(nil) }
        return RPCJSONScanner.plainString(bytes[value]).map { .some($0) }
    }

    func bool(_ name: StaticString) -> Bool? {
        guard let value = self[name] else { return nil }
        let slice = bytes[value]
        return slice.elementsEqual("true".utf8) ? true : slice.elementsEqual("false".utf8) ? false : nil
    }

    /// A member that is an object, read by `body`.
    func object<T>(_ name: StaticString, _ body: (RPCJSONObject) -> T?) -> T? {
        guard let value = self[name], let object = RPCJSONObject(UnsafeBufferPointer(rebasing: bytes[value])) else { return nil }
        return body(object)
    }

    /// Whether the member is missing or `null`.
    func isAbsent(_ name: StaticString) -> Bool {
        guard let value = self[name] else { return true }
        return bytes[value].elementsEqual("null".utf8)
    }

    /// Whether the member is an empty array; false when missing or anything else.
    func isEmptyArray(_ name: StaticString) -> Bool {
        guard let value = self[name], value.count >= 2, bytes[value.lowerBound] == UInt8(ascii: "["),
            bytes[value.upperBound - 1] == UInt8(ascii: "]")
        else { return false }
        return bytes[(value.lowerBound + 1)..<(value.upperBound - 1)].allSatisfy {
            $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09
        }
    }

    /// The value's range of the member `name`.
    private subscript(name: StaticString) -> Range<Int>? {
        let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for member in members where member.key.count == wanted.count + 2 {
            if bytes[(member.key.lowerBound + 1)..<(member.key.upperBound - 1)].elementsEqual(wanted) { return member.value }
        }
        return nil
    }
}
