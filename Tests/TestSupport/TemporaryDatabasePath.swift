import Foundation
import XCTest

extension XCTestCase {
    /// A path for an SQLite database of its own in the temporary directory, named after `name`:
    /// the file, its `-wal` and its `-shm` are removed when the test ends (after teardown blocks
    /// added later, such as the one closing a connection to it).
    public func temporaryDatabasePath(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "\(name)-\(UUID().uuidString).sqlite"
        addTeardownBlock { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        return path
    }
}
