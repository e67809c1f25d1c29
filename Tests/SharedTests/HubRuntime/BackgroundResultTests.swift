import Dispatch
import XCTest

@testable import HubRuntime

final class BackgroundResultTests: XCTestCase {
    private struct Failure: Error, Equatable {}

    func testWaitReturnsTheValueOnceTheWorkHasRunOnItsQueue() throws {
        // Given work that can only finish after the caller has moved on
        let gate = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "background-result-test")
        let result = BackgroundResult(on: queue) { () -> Int in
            gate.wait()
            return 42
        }

        // When the caller lets it finish, then waits twice
        gate.signal()

        // Then both waits answer the same value
        XCTAssertEqual(try result.wait(), 42)
        XCTAssertEqual(try result.wait(), 42)
    }

    func testWaitRethrowsTheWorksError() {
        let result = BackgroundResult<Int>(on: DispatchQueue(label: "background-result-error")) { throw Failure() }
        XCTAssertThrowsError(try result.wait()) { XCTAssertEqual($0 as? Failure, Failure()) }
        XCTAssertThrowsError(try result.wait()) { XCTAssertEqual($0 as? Failure, Failure()) }
    }
}
