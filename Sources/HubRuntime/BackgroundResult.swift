import Dispatch

/// Work started on a queue now and collected later: `wait()` blocks until it has run, then
/// returns its value or rethrows its error (every later `wait()` answers the same). Lets a
/// worker overlap a transaction or a read with its own next step.
public final class BackgroundResult<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Value, Error>?

    public init(on queue: DispatchQueue, _ work: @escaping () throws -> Value) {
        queue.async {
            self.outcome = Result { try work() }
            self.done.signal()
        }
    }

    public func wait() throws -> Value {
        done.wait()
        done.signal()
        return try outcome!.get()
    }
}
