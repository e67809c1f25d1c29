/// One APNs device registration as ingest forwards it: the raw token as lowercase hex, its
/// environment and the chat identity it is bound to.
public struct PushDevice: Codable, Equatable, Sendable {
    /// Longest raw token accepted, in bytes (the SDK refuses larger ones before sending).
    public static let maximumTokenBytes = 256

    public var owner: ChatOwner
    /// Lowercase hex of 1–256 raw bytes.
    public var token: String
    public var environment: PushEnvironment

    public init(owner: ChatOwner, token: String, environment: PushEnvironment) {
        self.owner = owner
        self.token = token
        self.environment = environment
    }

    /// Whether `hex` is an even number of hex digits standing for 1–256 bytes.
    public static func isValidToken(_ hex: String) -> Bool {
        let count = hex.utf8.count
        return count >= 2 && count <= maximumTokenBytes * 2 && count % 2 == 0
            && hex.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
                    || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F"))
            }
    }
}
