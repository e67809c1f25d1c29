import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What lives under `APPNORTH_DATA_DIR` is private to the user running the hub: directories
/// 0700, files 0600. Daemons run under `umask(077)` and give explicit modes where they create
/// things (so an in-process daemon holds to it too); `secure` tightens what an earlier version
/// or another tool left open.
public enum DataDirectory {
    /// Permission bits group and other must not have.
    static let shared: mode_t = 0o077

    /// Creates `path` and each missing parent as 0700 (`mkdir -p`).
    public static func makeDirectories(_ path: String) throws {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw DataDirectoryError.io(operation: "mkdir", path: path, errno: ENOTDIR)
            }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw DataDirectoryError.io(operation: "mkdir", path: path, errno: errno)
        }
    }

    /// Creates the data directory if needed, then takes group and other permissions off it and
    /// everything under it, and off the object store's directory. Objects are written 0600 by
    /// their store and may be many, so only their directory is visited. Symbolic links are
    /// neither followed nor changed. Logs one line when it changed something.
    public static func secure(_ dataDirectory: String, objectStoreDirectory objects: String, logger: Logger) throws {
        try makeDirectories(dataDirectory)
        var changed: [String] = []
        var failed: [String] = []
        tighten(dataDirectory, skippingContentsOf: objects, changed: &changed, failed: &failed)
        if !isWithin(objects, dataDirectory) {
            tighten(objects, skippingContentsOf: objects, changed: &changed, failed: &failed)
        }
        if !changed.isEmpty {
            logger.info(
                "data directory permissions tightened",
                [
                    "count": changed.count,
                    "paths": changed.prefix(10).joined(separator: ","),
                ])
        }
        if !failed.isEmpty {
            logger.warn(
                "data directory permissions not tightened",
                [
                    "count": failed.count,
                    "paths": failed.prefix(10).joined(separator: ","),
                ])
        }
    }

    /// Whether `path` is `root` or lies under it, comparing the text only.
    static func isWithin(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    private static func tighten(
        _ path: String, skippingContentsOf skipped: String,
        changed: inout [String], failed: inout [String]
    ) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        guard type != S_IFLNK else { return }
        if info.st_mode & shared != 0 {
            if chmod(path, info.st_mode & 0o7777 & ~shared) == 0 { changed.append(path) } else { failed.append(path) }
        }
        guard type == S_IFDIR, path != skipped,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return }
        for name in names.sorted() {
            tighten(path + "/" + name, skippingContentsOf: skipped, changed: &changed, failed: &failed)
        }
    }
}
