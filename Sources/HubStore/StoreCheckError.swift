/// Why a store file cannot be put in place for this build. `code` is stable; every case names
/// the file, so an operator knows which copy to look at.
public enum StoreCheckError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case integrityCheckFailed(path: String, rows: [String])
    case wrongOwner(path: String, owner: String, expected: String)
    /// Made by a newer build: this one would refuse to open it (migrations only move forward).
    case newerThanBuild(path: String, level: Int, buildLevel: Int, latest: String)
    case unknownMigration(path: String, name: String)

    public var code: String {
        switch self {
        case .missing: return "STORE_MISSING"
        case .integrityCheckFailed: return "STORE_INTEGRITY_CHECK_FAILED"
        case .wrongOwner: return "STORE_WRONG_OWNER"
        case .newerThanBuild: return "STORE_NEWER_THAN_BUILD"
        case .unknownMigration: return "STORE_UNKNOWN_MIGRATION"
        }
    }

    public var path: String {
        switch self {
        case .missing(let path), .integrityCheckFailed(let path, _), .wrongOwner(let path, _, _), .newerThanBuild(let path, _, _, _),
            .unknownMigration(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .missing(let path): return "\(code): \(path) does not exist"
        case .integrityCheckFailed(let path, let rows): return "\(code): \(path): \(rows.prefix(3).joined(separator: "; "))"
        case .wrongOwner(let path, let owner, let expected): return "\(code): \(path) belongs to \(owner), not \(expected)"
        case .newerThanBuild(let path, let level, let buildLevel, let latest):
            return "\(code): \(path) is at migration \(level) ('\(latest)'), this build knows \(buildLevel): use the build that made it"
        case .unknownMigration(let path, let name): return "\(code): \(path) records migration '\(name)', which this build does not have"
        }
    }
}
