/// Online backup of a daemon's store into a directory inside the data directory. The daemon
/// writes `<directory>/<daemon>.sqlite` (0600) with `VACUUM INTO` while it keeps serving.
public enum SysBackup: RPCMessage {
    public static let type = "sys.backup"

    /// Error codes: a relative path; a path outside the data directory (403); a copy that could
    /// not be written, such as one already there (409).
    public static let invalidDirectory = "INVALID_BACKUP_DIRECTORY"
    public static let directoryNotAllowed = "BACKUP_DIRECTORY_NOT_ALLOWED"
    public static let failed = "BACKUP_FAILED"

    public struct Request: Codable, Equatable {
        public let directory: String
        public init(directory: String) { self.directory = directory }
    }

    public struct Response: Codable, Equatable {
        public let path: String
        public let bytes: Int64
        public init(path: String, bytes: Int64) {
            self.path = path
            self.bytes = bytes
        }
    }
}
