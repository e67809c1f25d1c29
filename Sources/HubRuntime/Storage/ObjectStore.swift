import Foundation

/// A flat store of named byte objects (screenshots and other attachments). Keys are
/// relative paths of `[a-z0-9/._-]`; implementations must make a `put` all-or-nothing so a
/// reader never sees half an object.
public protocol ObjectStore: Sendable {
    /// Stores `bytes` under `key`, replacing any object already there.
    func put(key: String, bytes: [UInt8], contentType: String) throws
    /// The object's bytes, or nil when there is none.
    func get(key: String) throws -> [UInt8]?
    /// Removes the object; removing a missing one is not an error.
    func delete(key: String) throws
    /// Whether an object is stored under `key`.
    func exists(key: String) throws -> Bool
    /// Every stored object whose key starts with `prefix`, with its last modification time:
    /// for sweeping objects nothing refers to.
    func list(prefix: String) throws -> [StoredObject]
}

/// An object as listed: its key and when it was last written.
public struct StoredObject: Equatable, Sendable {
    public let key: String
    public let modifiedAt: Date

    public init(key: String, modifiedAt: Date) {
        self.key = key
        self.modifiedAt = modifiedAt
    }
}

/// Why an object-store operation failed.
public enum ObjectStoreError: Error, Equatable, CustomStringConvertible {
    /// The key is empty, too long, has a character outside `[a-z0-9/._-]`, or an empty,
    /// dot-leading or `..` segment.
    case invalidKey(String)
    /// A system call failed: the operation, the path and `errno`.
    case io(operation: String, path: String, errno: Int32)

    public var description: String {
        switch self {
        case .invalidKey(let key): return "invalid object key \(JSONText.quoted(key))"
        case .io(let operation, let path, let code): return "\(operation) \(path): \(String(cString: strerror(code)))"
        }
    }
}

/// The rule every object key follows, whichever store holds it.
public enum ObjectKey {
    public static let maxLength = 512

    /// Whether `key` is a safe relative path: `[a-z0-9/._-]`, at most 512 bytes, segments
    /// non-empty and not starting with `.` (which also excludes `..` and temp files).
    public static func isValid(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard !bytes.isEmpty, bytes.count <= maxLength else { return false }
        var segmentStart = true
        for b in bytes {
            let allowed = (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 47 || b == 46 || b == 95 || b == 45
            guard allowed else { return false }
            if b == 47 {
                if segmentStart { return false }
                segmentStart = true
            } else {
                if segmentStart && b == 46 { return false }
                segmentStart = false
            }
        }
        return !segmentStart
    }
}
