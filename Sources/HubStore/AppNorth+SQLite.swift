import CSQLite
import HubRuntime

extension AppNorth {
    /// The SQLite this process runs with, as it reports itself.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
