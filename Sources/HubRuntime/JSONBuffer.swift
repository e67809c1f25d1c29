/// JSON text written as UTF-8 bytes, for the writers on hot paths (`JSONWritable`,
/// `SortedJSONWritable`, the RPC bodies): appending bytes to an array costs about a third of
/// appending to a `String`, and the bytes are what goes out (an HTTP body, a ZeroMQ frame).
public struct JSONBuffer {
    public var bytes: [UInt8]

    @inlinable
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text` as it is: punctuation, member names, numbers' digits. Copied from the
    /// string's contiguous UTF-8 (a literal's are static), not stepped through its `UTF8View`,
    /// which cost about 290 instructions an append.
    @inlinable
    public static func += (buffer: inout JSONBuffer, text: String) {
        var text = text
        text.withUTF8 { buffer.bytes.append(contentsOf: $0) }
    }

    /// Appends `text`, a literal, from its static bytes: about a quarter cheaper than
    /// appending a `String`'s, for the envelopes and bodies written on every call.
    @inlinable
    public mutating func literal(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `value`'s decimal digits, as `String(value)` writes them, without making the
    /// `String`: half the cost.
    @inlinable
    public mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// `string` quoted and escaped as JSONEncoder escapes it (`JSONText.appendEncoderString`).
    @inlinable
    public mutating func string(_ string: String) {
        quoted(string, escapingWith: JSONText.appendEncoderString)
    }

    /// `string`, or `null` when there is none.
    @inlinable
    public mutating func optional(_ string: String?) {
        if let string { self.string(string) } else { self += "null" }
    }

    /// `string` quoted and escaped as `JSONText.appendString` escapes it: U+2028 and U+2029
    /// escaped too, as the hub's own JSON (the community responses) has always written them.
    @inlinable
    public mutating func scriptSafeString(_ string: String) {
        quoted(string, escapingWith: JSONText.appendString)
    }

    /// `string` between quotes as it is when nothing in it needs escaping (nearly always),
    /// else as `escape` writes it. Its UTF-8 is checked and copied in one visit.
    @inlinable
    mutating func quoted(_ string: String, escapingWith escape: (String, inout String) -> Void) {
        var text = string
        let plain = text.withUTF8 { utf8 -> Bool in
            guard !JSONText.needsEscaping(utf8) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain {
            var escaped = ""
            escape(string, &escaped)
            bytes.append(contentsOf: escaped.utf8)
        }
    }

    /// `scriptSafeString(string)`, or `null` when there is none.
    @inlinable
    public mutating func scriptSafeOptional(_ string: String?) {
        if let string { scriptSafeString(string) } else { self += "null" }
    }

    /// The text of the bytes, for a caller that stores a `String`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
