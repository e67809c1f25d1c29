import Foundation

/// A file operation under the data directory that failed, or a path it must not reach.
public enum DataDirectoryError: Error, Equatable, CustomStringConvertible {
    /// A system call failed with `errno`.
    case io(operation: String, path: String, errno: Int32)
    /// A path that is not absolute, uses `.` or `..`, or leads (through a symbolic link or
    /// not) outside the data directory.
    case outsideDataDirectory(path: String)

    public var code: String {
        switch self {
        case .io: return "DATA_DIRECTORY_IO"
        case .outsideDataDirectory: return "OUTSIDE_DATA_DIRECTORY"
        }
    }

    public var description: String {
        switch self {
        case .io(let operation, let path, let errno):
            return "\(code): \(operation) \(path): \(String(cString: strerror(errno))) (errno \(errno))"
        case .outsideDataDirectory(let path): return "\(code): \(path) is not inside the data directory"
        }
    }
}
