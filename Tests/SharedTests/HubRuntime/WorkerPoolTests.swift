import Foundation
import TestSupport
import XCTest

@testable import HubRuntime

final class WorkerPoolTests: XCTestCase {
    func testJobsRunOffTheCallersThreadInOrder() {
        // Given a pool of one thread
        let pool = WorkerPool(name: "test-pool", threads: 1, maxQueued: 10)
        defer { pool.stop() }
        let lock = NSLock()
        var order: [Int] = []
        var threads: Set<pthread_t> = []
        // When ten jobs are submitted
        for i in 0..<10 {
            XCTAssertTrue(
                pool.submit {
                    lock.withLock {
                        order.append(i)
                        threads.insert(pthread_self())
                    }
                })
        }
        // Then they all run, in order, on the pool's one thread
        XCTAssertTrue(eventually { lock.withLock { order.count == 10 } })
        XCTAssertEqual(order, Array(0..<10))
        XCTAssertEqual(threads.count, 1)
        XCTAssertFalse(threads.contains(pthread_self()))
    }

    func testAFullPoolRefusesAtOnceAndTakesJobsAgainOnceItDrains() {
        // Given two threads held busy and two jobs waiting behind them
        let pool = WorkerPool(name: "test-pool", threads: 2, maxQueued: 2)
        defer { pool.stop() }
        let gate = DispatchSemaphore(value: 0)
        for _ in 0..<4 { XCTAssertTrue(pool.submit { gate.wait() }) }
        XCTAssertTrue(eventually { pool.load == (running: 2, waiting: 2) })
        // When one more job is submitted
        var ran = false
        let refused = !pool.submit { ran = true }
        // Then it is refused without running
        XCTAssertTrue(refused)
        XCTAssertFalse(ran)
        // And once the held jobs end, the pool takes jobs again
        for _ in 0..<4 { gate.signal() }
        XCTAssertTrue(eventually { pool.load == (running: 0, waiting: 0) })
        let done = DispatchSemaphore(value: 0)
        XCTAssertTrue(pool.submit { done.signal() })
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
    }

    func testStopRefusesNewJobsAndReturnsOnceTheQueuedOnesRan() {
        // Given a job running and two waiting, in a pool with room for many more
        let pool = WorkerPool(name: "test-pool", threads: 1, maxQueued: 10_000)
        let gate = DispatchSemaphore(value: 0)
        let lock = NSLock()
        var finished = 0
        for _ in 0..<3 {
            XCTAssertTrue(
                pool.submit {
                    gate.wait()
                    lock.withLock { finished += 1 }
                })
        }
        // When stopped while they are held (stop refuses new jobs from its first moment), then released
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            pool.stop()
            stopped.signal()
        }.start()
        XCTAssertTrue(eventually { !pool.submit {} })
        XCTAssertEqual(lock.withLock { finished }, 0)
        for _ in 0..<3 { gate.signal() }
        // Then stop returns after all three ran
        XCTAssertEqual(stopped.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(lock.withLock { finished }, 3)
    }
}
