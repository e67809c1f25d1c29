import Foundation
import XCTest

extension XCTestCase {
    /// A path for a directory of the test's own in the temporary directory, named after `name`
    /// and not created: whatever is there when the test ends is removed, after the teardown
    /// blocks added later (such as one stopping a daemon that writes there) and before the
    /// test case's `tearDown()`.
    public func temporaryDirectoryPath(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "\(name)-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
