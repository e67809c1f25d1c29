import Foundation

@testable import HubRuntime

/// An object store whose deletes fail as an unavailable disk or bucket would, while reads,
/// writes and listings reach the store it wraps: what an erasure meets when storage is down.
final class RefusingObjectStore: ObjectStore, @unchecked Sendable {
    let inner: ObjectStore

    init(_ inner: ObjectStore) { self.inner = inner }

    func put(key: String, bytes: [UInt8], contentType: String) throws { try inner.put(key: key, bytes: bytes, contentType: contentType) }
    func get(key: String) throws -> [UInt8]? { try inner.get(key: key) }
    func delete(key: String) throws { throw ObjectStoreError.io(operation: "unlink", path: key, errno: EIO) }
    func exists(key: String) throws -> Bool { try inner.exists(key: key) }
    func list(prefix: String) throws -> [StoredObject] { try inner.list(prefix: prefix) }
}
