import Foundation

/// Told about every finished request, e.g. to feed metrics.
public protocol HTTPServerObserver: AnyObject {
    /// `route` is the matched pattern, or `unmatched`; called on a server thread.
    func requestCompleted(method: String, route: String, status: Int, duration: TimeInterval)
}
