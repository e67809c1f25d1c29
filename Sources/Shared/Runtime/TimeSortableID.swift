import Foundation

/// UUIDv7 identifiers in lowercase text. The leading 48 bits are Unix milliseconds and the
/// next 12 a per-process counter within the millisecond, so IDs made by one process sort
/// by creation time as plain strings.
public final class TimeSortableID: @unchecked Sendable {
    public static let shared = TimeSortableID(clock: SystemClock())

    private let clock: Clock
    private let lock = NSLock()
    private var lastMillis: Int64 = 0
    private var sequence: UInt16 = 0

    public init(clock: Clock) { self.clock = clock }

    public func next() -> String {
        var millis = clock.nowMillis()
        let seq: UInt16 = lock.withLock {
            if millis > lastMillis {
                lastMillis = millis
                sequence = UInt16.random(in: 0..<0x400)
            } else {
                // Same millisecond or a clock step backwards: keep counting from the last one.
                millis = lastMillis
                sequence += 1
                if sequence > 0xFFF { lastMillis += 1; millis = lastMillis; sequence = 0 }
            }
            return sequence
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: millis >> (40 - 8 * i)) }
        bytes[6] = 0x70 | UInt8(seq >> 8)
        bytes[7] = UInt8(truncatingIfNeeded: seq)
        var rng = SystemRandomNumberGenerator()
        for i in 8..<16 { bytes[i] = rng.next() }
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let h = Array(hex)
        return String(h[0..<8]) + "-" + String(h[8..<12]) + "-" + String(h[12..<16]) + "-" + String(h[16..<20]) + "-" + String(h[20..<32])
    }

    /// The creation time encoded in an ID made here, or nil if it is not a UUIDv7.
    public static func timestamp(of id: String) -> Date? {
        let hex = id.replacingOccurrences(of: "-", with: "")
        guard hex.count == 32, Array(hex)[12] == "7", let ms = Int64(hex.prefix(12), radix: 16) else { return nil }
        return Date(timeIntervalSince1970: Double(ms) / 1000)
    }
}
