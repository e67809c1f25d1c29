import Foundation

/// Polls `condition` until it holds or `timeout` passes: a test waits on what it expects,
/// with a deadline, never on a fixed sleep.
public func eventually(
    timeout: TimeInterval = 5, every interval: TimeInterval = 0.01,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: interval)
    }
}
