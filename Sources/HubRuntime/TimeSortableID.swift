import Foundation

/// UUIDv7 identifiers in lowercase text. The leading 48 bits are Unix milliseconds and the
/// next 12 a per-process counter within the millisecond, so IDs made by one process sort
/// by creation time as plain strings. The random bits make IDs unique, not secret: use
/// `SecureRandom` for anything that must not be guessed.
public final class TimeSortableID: @unchecked Sendable {
    public static let shared = TimeSortableID(clock: SystemClock())

    private let clock: Clock
    private let lock = NSLock()
    private var lastMillis: Int64 = 0
    private var sequence: UInt16 = 0
    /// SplitMix64 state seeded from the system generator: a system call per ID would cost
    /// more than the rest of making it.
    private var state: UInt64

    public init(clock: Clock) {
        self.clock = clock
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    public func next() -> String {
        var millis = clock.nowMillis()
        let (seq, random): (UInt16, UInt64) = lock.withLock {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            if millis > lastMillis {
                lastMillis = millis
                sequence = UInt16(truncatingIfNeeded: z >> 54)  // 0..<0x400: room to count within the millisecond
            } else {
                // Same millisecond or a clock step backwards: keep counting from the last one.
                millis = lastMillis
                sequence += 1
                if sequence > 0xFFF {
                    lastMillis += 1
                    millis = lastMillis
                    sequence = 0
                }
            }
            return (sequence, z)
        }
        // rand_b: 62 random bits after the variant bits 10.
        let tail = (random & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let head = (UInt64(millis) << 16) | 0x7000 | UInt64(seq)
        return String(unsafeUninitializedCapacity: 36) { out in
            let hex = ASCIIBuffer.hexDigits
            var pos = 0
            func put(_ word: UInt64, nibbles: Int) {
                var shift = (nibbles - 1) * 4
                while shift >= 0 {
                    if pos == 8 || pos == 13 || pos == 18 || pos == 23 {
                        out[pos] = 45
                        pos += 1
                    }
                    out[pos] = hex[Int((word >> UInt64(shift)) & 0xF)]
                    pos += 1
                    shift -= 4
                }
            }
            put(head, nibbles: 16)
            put(tail, nibbles: 16)
            return 36
        }
    }

    /// The creation time encoded in an ID made here, or nil if it is not a UUIDv7.
    public static func timestamp(of id: String) -> Date? {
        let hex = id.replacingOccurrences(of: "-", with: "")
        guard hex.count == 32, Array(hex)[12] == "7", let ms = Int64(hex.prefix(12), radix: 16) else { return nil }
        return Date(timeIntervalSince1970: Double(ms) / 1000)
    }
}
