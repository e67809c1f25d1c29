import Foundation
import HubRuntime

/// The members of an envelope frame, found in one linear pass over its bytes that also checks
/// the whole frame is one well-formed JSON object. The envelope's own fields are read here;
/// `body` and `error` are left as byte ranges, so JSON decoding runs on the body alone instead
/// of the whole frame once for the envelope and again for the body (bench/RESULTS.md, "The
/// ZeroMQ hop").
struct RPCEnvelopeFields {
    var v: Int?
    var type: String?
    var id: String?
    var deadline: Int64?
    var ok: Bool?
    /// Byte offsets in the frame of the `body` and `error` values.
    var body: Range<Int>?
    var error: Range<Int>?
    /// Nil when the frame is not a JSON object. With `expectedID` (a caller waiting on that
    /// reply), `id` is compared with it first: when it is that ID written without escapes, `id`
    /// is `expectedID` itself and no new `String` is made.
    init?(_ frame: Data, expectedID: String? = nil) {
        guard let fields = frame.withUnsafeBytes({ Self.read($0.bindMemory(to: UInt8.self), expectedID: expectedID) }) else {
            return nil
        }
        self = fields
    }

    private init() {}

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, expectedID: String?) -> RPCEnvelopeFields? {
        var scanner = JSONScanner(bytes: bytes)
        var fields = RPCEnvelopeFields()
        let read = scanner.object { key, value in
            fields.set(key, bytes, value, expectedID)
            return true
        }
        return read ? fields : nil
    }

    /// Keeps a member the envelope knows; a value of the wrong kind is left unset.
    private mutating func set(_ key: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>, _ expectedID: String?) {
        // The key's range includes its quotes.
        let name = bytes[(key.lowerBound + 1)..<(key.upperBound - 1)]
        let slice = bytes[value]
        if JSONScanner.equal(name, "v") {
            v = Self.integer(slice).flatMap { Int(exactly: $0) }
        } else if JSONScanner.equal(name, "type") {
            type = Self.text(slice)
        } else if JSONScanner.equal(name, "id") {
            if let expectedID, Self.isPlainString(slice, expectedID) {
                id = expectedID
            } else {
                id = Self.text(slice)
            }
        } else if JSONScanner.equal(name, "deadline") {
            deadline = Self.integer(slice)
        } else if JSONScanner.equal(name, "ok") {
            ok = JSONScanner.equal(slice, "true") ? true : JSONScanner.equal(slice, "false") ? false : nil
        } else if JSONScanner.equal(name, "body") {
            body = value
        } else if JSONScanner.equal(name, "error") {
            error = value
        }
    }

    /// Whether `slice` is `text` as a JSON string without escapes.
    private static func isPlainString(_ slice: Slice<UnsafeBufferPointer<UInt8>>, _ text: String) -> Bool {
        guard slice.count >= 2, slice.first == UInt8(ascii: "\""), slice.last == UInt8(ascii: "\"") else { return false }
        var text = text
        return text.withUTF8 { JSONScanner.equal(slice.dropFirst().dropLast(), $0[...]) }
    }

    /// A JSON integer without fraction or exponent; nil for anything else or past Int64.
    private static func integer(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        var rest = slice[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !o1, !o2 else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// A JSON string's text; escapes are rare in the envelope, so only they go through JSONDecoder.
    private static func text(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard slice.count >= 2, slice.first == UInt8(ascii: "\""), slice.last == UInt8(ascii: "\"") else { return nil }
        if let plain = JSONScanner.plainString(slice) { return plain }
        return try? JSONDecoder().decode(String.self, from: Data(slice))
    }
}
