import CZeroMQ
import Foundation
import HubRuntime
import TestSupport
import XCTest

@testable import HubMessaging

/// A context's threads run under Linux's default policy even when the daemon's are under
/// SCHED_BATCH: replies pass through its I/O thread, and a woken SCHED_BATCH thread waits for
/// the running one.
final class ZMQContextSchedulingTests: XCTestCase {
    /// SCHED_OTHER and SCHED_BATCH as the kernel numbers them (<linux/sched.h>).
    private let schedOther: Int32 = 0
    private let schedBatch: Int32 = 3

    override func tearDown() {
        // The test process goes back to the kernel's default whatever a test left.
        CPUScheduling.normal.apply()
        super.tearDown()
    }

    func testTheIOThreadOfAContextMadeUnderBatchRunsUnderTheDefaultPolicy() throws {
        // Given a process under SCHED_BATCH, so that threads started from now on inherit it
        XCTAssertTrue(CPUScheduling.batch.apply().isEmpty)
        XCTAssertEqual(sched_getscheduler(0), schedBatch)
        let before = Set(CPUScheduling.threads())

        // When a new context starts its threads (libzmq starts them with its first socket)
        let context = try ZMQContext()
        let socket = try ZMQSocket(context: context, kind: .dealer)
        defer {
            socket.close()
            context.terminate()
        }

        // Then its I/O thread, named by libzmq once it runs, is under SCHED_OTHER
        let ioThreads = newIOThreads(since: before)
        XCTAssertFalse(ioThreads.isEmpty, "no ZMQbg/IO thread appeared")
        for thread in ioThreads {
            XCTAssertEqual(sched_getscheduler(thread), schedOther, "thread \(thread) \(threadName(thread))")
        }
        // And the thread that made the context is still under SCHED_BATCH
        XCTAssertEqual(sched_getscheduler(0), schedBatch)
    }

    func testTheIOThreadOfABatchContextRunsUnderBatchWhateverItsMakersPolicy() throws {
        // Given a process under Linux's default policy
        XCTAssertTrue(CPUScheduling.normal.apply().isEmpty)
        let before = Set(CPUScheduling.threads())

        // When a context made for SCHED_BATCH starts its threads
        let context = try ZMQContext(ioThreads: .batch)
        let socket = try ZMQSocket(context: context, kind: .dealer)
        defer {
            socket.close()
            context.terminate()
        }

        // Then its I/O thread, named 3/ZMQbg/IO/0, is under SCHED_BATCH and the maker's thread is not
        let ioThreads = newIOThreads(since: before, named: "3/ZMQbg/IO")
        XCTAssertFalse(ioThreads.isEmpty, "no ZMQbg/IO thread appeared")
        for thread in ioThreads {
            XCTAssertEqual(sched_getscheduler(thread), schedBatch, "thread \(thread) \(threadName(thread))")
        }
        XCTAssertEqual(sched_getscheduler(0), schedOther)
    }

    /// The threads named `prefix`… that appear beside `before` within 10 s.
    private func newIOThreads(since before: Set<Int32>, named prefix: String = "ZMQbg/IO") -> [Int32] {
        var ioThreads: [Int32] = []
        _ = eventually(timeout: 10) {
            ioThreads = Set(CPUScheduling.threads()).subtracting(before).filter { threadName($0).hasPrefix(prefix) }
            return !ioThreads.isEmpty
        }
        return ioThreads
    }

    /// The kernel's name of one thread of this process ("" once it has ended).
    private func threadName(_ thread: Int32) -> String {
        let text = (try? String(contentsOfFile: "/proc/self/task/\(thread)/comm", encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
