import Foundation
import TestSupport
import XCTest

@testable import HubDaemon
@testable import HubMessaging
@testable import HubRuntime

final class DaemonJobsTests: XCTestCase {
    private var directory: String!

    override func setUp() {
        directory = temporaryDirectoryPath("appnorth-jobs")
    }

    /// A marketd runtime with the jobs `install` adds, and a client of it.
    private func start(_ install: @escaping (DaemonJobs) -> Void) throws -> RPCClient {
        let config = try HubConfig(environment: ["APPNORTH_DATA_DIR": directory], currentDirectory: "/")
        let logger = Logger(daemon: "marketd", level: .error, sink: MemoryLogSink())
        let spec = DaemonSpec(name: .marketd, migrations: [.daemonMeta(.marketd)]) { context in
            install(context.jobs)
        }
        let daemon = try Daemon(spec: spec, config: config, clock: SystemClock(), logger: logger)
        addTeardownBlock { daemon.stop() }  // after the client closes, before the directory goes
        try daemon.start()
        let client = try RPCClient(
            peer: "marketd", endpoint: config.endpoint(for: .marketd), clock: SystemClock(),
            logger: logger, defaultTimeout: 5)
        addTeardownBlock { client.close() }
        return client
    }

    func testOnDemandPassAnswersItsCountAndPassesNeverOverlap() throws {
        // Given a job whose pass takes a while and records how many passes run at once
        let lock = NSLock()
        var running = 0
        var mostAtOnce = 0
        var passes = 0
        let client = try start { jobs in
            jobs.add(name: "charts", interval: nil) {
                lock.withLock {
                    running += 1
                    mostAtOnce = max(mostAtOnce, running)
                    passes += 1
                }
                Thread.sleep(forTimeInterval: 0.1)
                lock.withLock { running -= 1 }
                return 7
            }
        }

        // When three runs are asked for at once, and sys.ping is called meanwhile
        let group = DispatchGroup()
        var results: [Result<JobRun.Response, RPCError>] = []
        for _ in 0..<3 {
            group.enter()
            client.call(JobRun.self, JobRun.Request(name: "charts")) { result in
                lock.withLock { results.append(result) }
                group.leave()
            }
        }
        let started = Date()
        let ping = client.call(SysPing.self, RPCEmpty())
        let pingSeconds = Date().timeIntervalSince(started)
        XCTAssertEqual(group.wait(timeout: .now() + 5), .success)

        // Then each run answers 7, one pass at a time, and the daemon kept answering
        XCTAssertEqual(try ping.get().name, "marketd")
        XCTAssertLessThan(pingSeconds, 0.25, "sys.ping waited for the passes")
        XCTAssertEqual(results.compactMap { try? $0.get().processed }, [7, 7, 7])
        XCTAssertEqual(lock.withLock { (mostAtOnce, passes) }.0, 1)
        XCTAssertEqual(lock.withLock { passes }, 3)
    }

    func testUnknownJobIs404WithTheNamesThatExist() throws {
        // Given a daemon running the job "charts"
        let client = try start { jobs in jobs.add(name: "charts", interval: nil) { 0 } }

        // When another name is asked for
        let result = client.call(JobRun.self, JobRun.Request(name: "nope"))

        // Then the answer is JOB_NOT_FOUND, naming "charts"
        guard case .failure(let error) = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error.code, JobRun.unknownJobCode)
        XCTAssertEqual(error.status, 404)
        XCTAssertTrue(error.message.contains("charts"))
    }

    func testAScheduledJobRunsEveryInterval() throws {
        // Given a job scheduled every 50 ms
        let ran = expectation(description: "two scheduled passes")
        ran.expectedFulfillmentCount = 2
        ran.assertForOverFulfill = false
        _ = try start { jobs in
            jobs.add(name: "tick", interval: 0.05) {
                ran.fulfill()
                return 1
            }
        }

        // Then it runs without being asked
        wait(for: [ran], timeout: 3)
    }

    func testWakesCoalesceIntoOnePassQueuedBehindTheRunningOne() throws {
        // Given a job whose first pass holds until released, counting passes and how many run at once
        let lock = NSLock()
        var running = 0
        var mostAtOnce = 0
        var passes = 0
        let firstStarted = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        var jobs: DaemonJobs!
        let client = try start { daemonJobs in
            jobs = daemonJobs
            daemonJobs.add(name: "push", interval: nil) {
                let pass: Int = lock.withLock {
                    running += 1
                    mostAtOnce = max(mostAtOnce, running)
                    passes += 1
                    return passes
                }
                if pass == 1 {
                    firstStarted.signal()
                    releaseFirst.wait()
                }
                lock.withLock { running -= 1 }
                return 1
            }
        }

        // When a wake starts a pass, and three more wakes come while it runs
        XCTAssertTrue(jobs.trigger("push"))
        XCTAssertEqual(firstStarted.wait(timeout: .now() + 5), .success, "the wake started no pass")
        let during = (0..<3).map { _ in jobs.trigger("push") }

        // Then only the first of them queued a pass; the other two joined it
        XCTAssertEqual(during, [true, false, false])

        // When the first pass ends and a pass is asked for on demand (it queues behind any woken one)
        releaseFirst.signal()
        XCTAssertEqual(try client.call(JobRun.self, JobRun.Request(name: "push")).get().processed, 1)

        // Then exactly one woken pass ran after the first, one at a time
        XCTAssertEqual(lock.withLock { passes }, 3)
        XCTAssertEqual(lock.withLock { mostAtOnce }, 1)
        // And once idle, a wake queues a pass again; an unknown job is not woken
        XCTAssertTrue(jobs.trigger("push"))
        XCTAssertFalse(jobs.trigger("nope"))
        _ = eventually(timeout: 5) { lock.withLock { passes } >= 4 }
        XCTAssertEqual(lock.withLock { passes }, 4)
    }
}
