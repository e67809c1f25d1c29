import Foundation

/// A system call that failed outside the data directory (a pipe, a descriptor flag): the call
/// and the `errno` it left behind.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The call that failed, e.g. `"pipe"`.
    public let operation: String
    public let errno: Int32

    public init(operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }

    public var code: String { "SYSTEM_CALL_FAILED" }

    public var description: String { "\(code): \(operation) failed: \(String(cString: strerror(errno))) (errno \(errno))" }
}
