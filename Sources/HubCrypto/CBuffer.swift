/// Byte pointers for libcrypto calls.
enum CBuffer {
    private static let placeholder: [UInt8] = [0]

    /// Calls `body` with a non-null pointer and the length: an empty Swift array may hand out a
    /// null base address, which some libcrypto entry points treat as "no argument" rather than
    /// "zero bytes" (HMAC with an empty key, for one).
    static func with<R>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) throws -> R) rethrows -> R {
        let source = bytes.isEmpty ? placeholder : bytes
        return try source.withUnsafeBufferPointer { buffer in
            try body(buffer.baseAddress!, bytes.count)
        }
    }
}
