import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension DataDirectory {
    /// Makes `path` a directory inside `root` (each missing level 0700) and returns it, or
    /// throws `outsideDataDirectory` without creating anything outside: the path must be
    /// absolute, without `.` or `..`, under `root` as written, and every level that exists must
    /// resolve (symbolic links followed) inside `root` resolved, so a link cannot lead out.
    public static func makeConfinedDirectory(_ path: String, in root: String) throws -> String {
        let outside = DataDirectoryError.outsideDataDirectory(path: path)
        guard path.hasPrefix("/") else { throw outside }
        let components = path.split(separator: "/")
        guard !components.contains(where: { $0 == "." || $0 == ".." }) else { throw outside }
        let normalized = "/" + components.joined(separator: "/")
        let base = "/" + root.split(separator: "/").joined(separator: "/")
        guard isWithin(normalized, base), let realBase = resolved(base) else { throw outside }
        var current = base
        for component in normalized.dropFirst(base.count).split(separator: "/") {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) != 0 {
                guard errno == ENOENT else { throw DataDirectoryError.io(operation: "lstat", path: current, errno: errno) }
                if mkdir(current, 0o700) != 0 && errno != EEXIST {
                    throw DataDirectoryError.io(operation: "mkdir", path: current, errno: errno)
                }
            }
            guard let real = resolved(current), isWithin(real, realBase) else { throw outside }
        }
        var info = stat()
        guard stat(normalized, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw DataDirectoryError.io(operation: "mkdir", path: normalized, errno: ENOTDIR)
        }
        return normalized
    }

    /// `path` with every symbolic link resolved; nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
