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

    /// Appends `text` as it is: punctuation, member names, numbers' digits.
    @inlinable
    public static func += (buffer: inout JSONBuffer, text: String) {
        buffer.bytes.append(contentsOf: text.utf8)
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
    /// else as `escape` writes it.
    @inlinable
    mutating func quoted(_ string: String, escapingWith escape: (String, inout String) -> Void) {
        if JSONText.needsEscaping(string) {
            var text = ""
            escape(string, &text)
            bytes.append(contentsOf: text.utf8)
        } else {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: string.utf8)
            bytes.append(UInt8(ascii: "\""))
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
