import XCTest

@testable import HubRuntime

final class ServiceLifecycleTests: XCTestCase {
    func testShutdownRunsStepsOnceInReverseOrder() {
        // Given steps registered in start-up order
        let lifecycle = ServiceLifecycle(logger: Logger(daemon: "test", sink: MemoryLogSink()))
        var order: [String] = []
        lifecycle.onShutdown("store") { order.append("close store") }
        lifecycle.onShutdown("rpc") { order.append("stop rpc") }
        lifecycle.onShutdown("http") { order.append("stop accepting") }
        // When shutdown is requested twice
        DispatchQueue.global().async { lifecycle.shutdown(reason: "test") }
        lifecycle.wait()
        lifecycle.shutdown(reason: "again")
        // Then intake stops first, the store closes last, and nothing runs twice
        XCTAssertEqual(order, ["stop accepting", "stop rpc", "close store"])
    }
}
