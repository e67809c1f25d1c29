import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension DataDirectory {
    /// Writes `bytes` into a new file made 0600 and flushes it to disk. Never replaces or writes
    /// through anything already at `path`; on failure nothing is left there.
    public static func writeNewFile(_ path: String, _ bytes: [UInt8]) throws {
        let fd = try createPrivateFile(path)
        do {
            try bytes.withUnsafeBytes { try writeAll(fd, $0, path: path) }
            try sync(fd, path: path)
            close(fd)
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
    }

    /// Moves the file at `source` into `directory` under its own name and returns the new
    /// path. Never replaces a file already there; across file systems the bytes are copied
    /// into a new 0600 file and flushed before the source is removed.
    public static func moveFile(_ source: String, into directory: String) throws -> String {
        let target = directory + "/" + (source as NSString).lastPathComponent
        // link(2), unlike rename(2), fails rather than replace an existing target.
        if link(source, target) == 0 {
            unlink(source)
            return target
        }
        guard errno == EXDEV else { throw DataDirectoryError.io(operation: "link", path: target, errno: errno) }
        try copy(source, to: target)
        unlink(source)
        return target
    }

    private static func copy(_ source: String, to target: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw DataDirectoryError.io(operation: "open", path: source, errno: errno) }
        defer { close(input) }
        let output = try createPrivateFile(target)
        do {
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw DataDirectoryError.io(operation: "read", path: source, errno: errno)
                }
                if n == 0 { break }
                try chunk.withUnsafeBytes { try writeAll(output, UnsafeRawBufferPointer(rebasing: $0[..<n]), path: target) }
            }
            try sync(output, path: target)
            close(output)
        } catch {
            close(output)
            unlink(target)
            throw error
        }
    }

    private static func createPrivateFile(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DataDirectoryError.io(operation: "open", path: path, errno: errno) }
        return fd
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                throw DataDirectoryError.io(operation: "write", path: path, errno: errno)
            }
            written += n
        }
    }

    private static func sync(_ fd: Int32, path: String) throws {
        if fsync(fd) != 0 { throw DataDirectoryError.io(operation: "fsync", path: path, errno: errno) }
    }
}
