/// Why a backup does not match its manifest; each case names the file at fault.
public enum BackupManifestError: Error, Equatable, CustomStringConvertible {
    case missingManifest(path: String)
    case unreadableManifest(path: String)
    case storeNotListed(daemon: String)
    case fileMissing(path: String)
    case sizeMismatch(path: String, expected: Int64, actual: Int64)
    case checksumMismatch(path: String)

    public var code: String {
        switch self {
        case .missingManifest: return "BACKUP_MANIFEST_MISSING"
        case .unreadableManifest: return "BACKUP_MANIFEST_UNREADABLE"
        case .storeNotListed: return "BACKUP_STORE_NOT_LISTED"
        case .fileMissing: return "BACKUP_FILE_MISSING"
        case .sizeMismatch: return "BACKUP_SIZE_MISMATCH"
        case .checksumMismatch: return "BACKUP_CHECKSUM_MISMATCH"
        }
    }

    public var description: String {
        switch self {
        case .missingManifest(let path): return "\(code): \(path) does not exist (not a backup, or taken before manifests)"
        case .unreadableManifest(let path): return "\(code): \(path) is not a backup manifest"
        case .storeNotListed(let daemon): return "\(code): the manifest lists no store of \(daemon)"
        case .fileMissing(let path): return "\(code): \(path) is missing"
        case .sizeMismatch(let path, let expected, let actual): return "\(code): \(path) has \(actual) bytes, the manifest says \(expected)"
        case .checksumMismatch(let path): return "\(code): \(path) does not match its SHA-256 in the manifest"
        }
    }
}
