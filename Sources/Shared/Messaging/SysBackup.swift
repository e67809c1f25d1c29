/// Online backup of a daemon's store into a directory the operator names. The daemon
/// writes `<directory>/<daemon>.sqlite` with `VACUUM INTO` while it keeps serving.
public enum SysBackup: RPCMessage {
    public static let type = "sys.backup"

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
