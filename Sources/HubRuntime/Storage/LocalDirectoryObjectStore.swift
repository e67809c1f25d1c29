import Foundation

/// Objects as files under one directory: `<root>/<key>`. A `put` writes a temp file in the
/// target directory and renames it over the key, so readers see the old object or the new
/// one, never a partial one. Files are 0600 and directories 0700: attachments are private.
/// No fsync, matching the database's `synchronous=NORMAL`: durable across a process crash,
/// not a power cut.
public final class LocalDirectoryObjectStore: ObjectStore, @unchecked Sendable {
    public let root: String

    public init(root: String) {
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
    }

    public func path(for key: String) throws -> String {
        guard ObjectKey.isValid(key) else { throw ObjectStoreError.invalidKey(key) }
        return root + "/" + key
    }

    public func put(key: String, bytes: [UInt8], contentType: String) throws {
        let path = try path(for: key)
        let directory = String(path[..<path.lastIndex(of: "/")!])
        try makeDirectories(directory)
        let temp = directory + "/.tmp-" + String(TimeSortableID.shared.next().suffix(16))
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ObjectStoreError.io(operation: "open", path: temp, errno: errno) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        close(fd)
        if failure != 0 {
            unlink(temp)
            throw ObjectStoreError.io(operation: "write", path: temp, errno: failure)
        }
        guard rename(temp, path) == 0 else {
            let code = errno
            unlink(temp)
            throw ObjectStoreError.io(operation: "rename", path: path, errno: code)
        }
    }

    public func get(key: String) throws -> [UInt8]? {
        let path = try path(for: key)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw ObjectStoreError.io(operation: "open", path: path, errno: errno)
        }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ObjectStoreError.io(operation: "read", path: path, errno: errno)
            }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    public func delete(key: String) throws {
        let path = try path(for: key)
        if unlink(path) != 0 && errno != ENOENT && errno != ENOTDIR {
            throw ObjectStoreError.io(operation: "unlink", path: path, errno: errno)
        }
    }

    public func exists(key: String) throws -> Bool {
        let path = try path(for: key)
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    public func list(prefix: String) throws -> [StoredObject] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root) else { return [] }
        var found: [StoredObject] = []
        while let relative = walker.nextObject() as? String {
            // Temp files of unfinished puts start with a dot and are not objects.
            guard relative.hasPrefix(prefix), ObjectKey.isValid(relative) else { continue }
            let attributes = try? fm.attributesOfItem(atPath: root + "/" + relative)
            guard attributes?[.type] as? FileAttributeType == .typeRegular,
                let modified = attributes?[.modificationDate] as? Date
            else { continue }
            found.append(StoredObject(key: relative, modifiedAt: modified))
        }
        return found.sorted { $0.key < $1.key }
    }

    /// `mkdir -p` with 0700 for every directory it creates.
    private func makeDirectories(_ directory: String) throws {
        do {
            try DataDirectory.makeDirectories(directory)
        } catch let DataDirectoryError.io(operation, path, code) {
            throw ObjectStoreError.io(operation: operation, path: path, errno: code)
        }
    }
}
