import Foundation
import XCTest

@testable import HubRuntime

final class CPUSchedulingTests: XCTestCase {
    /// SCHED_OTHER and SCHED_BATCH as the kernel numbers them (<linux/sched.h>).
    private let schedOther: Int32 = 0
    private let schedBatch: Int32 = 3

    override func tearDown() {
        // The test process goes back to the kernel's default whatever a test left.
        CPUScheduling.normal.apply()
        super.tearDown()
    }

    func testBatchReachesEveryThreadAndTheThreadsCreatedAfter() throws {
        // Given a thread that exists before, parked until the test lets it go
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let earlierThreadID = Handed()
        Thread {
            earlierThreadID.value = currentThread()
            started.signal()
            release.wait()
        }.start()
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        defer { release.signal() }
        let earlierThread = try XCTUnwrap(earlierThreadID.value)
        XCTAssertNotEqual(earlierThread, getpid())
        XCTAssertEqual(schedulingPolicy(ofThread: earlierThread), schedOther)

        // When the process is put under batch
        let failures = CPUScheduling.batch.apply()

        // Then every thread is, the one started before included
        XCTAssertTrue(failures.isEmpty, "\(failures)")
        XCTAssertEqual(schedulingPolicy(ofThread: earlierThread), schedBatch)
        XCTAssertEqual(schedulingPolicy(ofThread: try XCTUnwrap(currentThread())), schedBatch)
        for thread in CPUScheduling.threads() {
            if let policy = schedulingPolicy(ofThread: thread) { XCTAssertEqual(policy, schedBatch, "thread \(thread)") }
        }
        // And a thread started afterwards inherits it
        XCTAssertEqual(policyOfANewThread(), schedBatch)

        // When the process goes back to normal, so do its threads and the ones started after
        XCTAssertTrue(CPUScheduling.normal.apply().isEmpty)
        XCTAssertEqual(schedulingPolicy(ofThread: earlierThread), schedOther)
        XCTAssertEqual(schedulingPolicy(ofThread: try XCTUnwrap(currentThread())), schedOther)
        XCTAssertEqual(policyOfANewThread(), schedOther)
    }

    func testTheSettingIsBatchUnlessItSaysNormal() throws {
        XCTAssertEqual(try CPUScheduling.parse(nil), .batch)
        XCTAssertEqual(try CPUScheduling.parse("batch"), .batch)
        XCTAssertEqual(try CPUScheduling.parse("normal"), .normal)
        XCTAssertEqual(CPUScheduling.batch.policy, schedBatch)
        XCTAssertEqual(CPUScheduling.normal.policy, schedOther)
        for bad in ["", "Batch", "idle", "fifo", "normal "] {
            XCTAssertThrowsError(try CPUScheduling.parse(bad)) { error in
                XCTAssertEqual(
                    error as? ConfigError,
                    .invalid(name: "APPNORTH_CPU_SCHEDULING", value: bad, reason: "expected batch or normal"))
            }
        }
    }

    func testThreadsListsThisProcessesThreadsOnly() throws {
        let threads = CPUScheduling.threads()
        XCTAssertTrue(threads.contains(getpid()))
        XCTAssertTrue(threads.contains(try XCTUnwrap(currentThread())))
        XCTAssertEqual(threads, threads.sorted())
        XCTAssertNil(schedulingPolicy(ofThread: Int32.max))
    }

    /// The policy a thread started now reads for itself.
    private func policyOfANewThread() -> Int32? {
        let done = DispatchSemaphore(value: 0)
        let policy = Handed()
        Thread {
            policy.value = currentThread().flatMap { schedulingPolicy(ofThread: $0) }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return policy.value
    }

    /// A value a thread sets before it signals the semaphore the test waits on.
    private final class Handed: @unchecked Sendable {
        var value: Int32?
    }
}

/// The policy of one thread of this process (`nil` once it has ended).
private func schedulingPolicy(ofThread thread: Int32) -> Int32? {
    let policy = sched_getscheduler(thread)
    return policy < 0 ? nil : policy
}

/// The calling thread's id, from `/proc/thread-self` (a link to `<pid>/task/<tid>`; Glibc
/// declares `gettid` only under `_GNU_SOURCE`).
private func currentThread() -> Int32? {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return target.split(separator: "/").last.flatMap { Int32($0) }
}
