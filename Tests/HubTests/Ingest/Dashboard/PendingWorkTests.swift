import Foundation
import HubHTTPServer
import XCTest

@testable import IngestService

/// The tasks that keep slow provider calls off the pages (issue 26: "the request answers at
/// once and the result appears when ready"): bounded per organization, kept ten minutes, and
/// visible only to the member who started them.
final class PendingWorkTests: XCTestCase {
    private var clock = Date(timeIntervalSince1970: 1_800_000_000)
    private lazy var work = PendingWork(now: { [unowned self] in self.clock })

    private func start(_ organization: String = "org_a", member: String = "mem_1") throws -> (
        id: String, finish: (Result<PendingWork.Render, Error>) -> Void
    ) {
        try work.start(organizationId: organization, memberId: member, title: "Connecting", back: "/dashboard/apps")
    }

    private let done: PendingWork.Render = { _ in HTTPResponse(status: 204) }

    func testEightRunningTasksOfAnOrganizationRefuseTheNinthUntilOneFinishes() throws {
        // Given eight tasks of one organization, all still running
        let started = try (1...8).map { _ in try start() }
        // When a ninth starts
        // Then it is refused with 429, and another organization is not held up
        XCTAssertThrowsError(try start()) { error in
            XCTAssertEqual((error as? APIError)?.status, 429)
            XCTAssertEqual((error as? APIError)?.code, "TOO_MANY_TASKS")
        }
        XCTAssertNoThrow(try start("org_b"))
        // When one of the eight finishes, the ninth takes its place
        started[3].finish(.success(done))
        let ninth = try start()
        XCTAssertNil(work.task(started[3].id, organizationId: "org_a", memberId: "mem_1"))
        XCTAssertNotNil(work.task(ninth.id, organizationId: "org_a", memberId: "mem_1"))
        XCTAssertNotNil(work.task(started[0].id, organizationId: "org_a", memberId: "mem_1"))
    }

    func testATaskIsKeptTenMinutesAfterItStarted() throws {
        // Given a finished task
        let task = try start()
        task.finish(.success(done))
        // When just under ten minutes pass, it is still there with its outcome
        clock += 599
        XCTAssertNotNil(try XCTUnwrap(work.task(task.id, organizationId: "org_a", memberId: "mem_1")).outcome)
        // When ten minutes have passed, it is gone
        clock += 2
        XCTAssertNil(work.task(task.id, organizationId: "org_a", memberId: "mem_1"))
        XCTAssertEqual(work.count, 0)
    }

    func testATaskIsOnlyItsMembersAndAFinishAfterExpiryIsHarmless() throws {
        // Given a running task of one member
        let task = try start()
        // Then another member, or the same member ID in another organization, does not see it
        XCTAssertNil(work.task(task.id, organizationId: "org_a", memberId: "mem_2"))
        XCTAssertNil(work.task(task.id, organizationId: "org_b", memberId: "mem_1"))
        let seen = try XCTUnwrap(work.task(task.id, organizationId: "org_a", memberId: "mem_1"))
        XCTAssertNil(seen.outcome)
        // When it expires before the provider answers, the late answer records nothing
        clock += 601
        task.finish(.success(done))
        XCTAssertNil(work.task(task.id, organizationId: "org_a", memberId: "mem_1"))
        XCTAssertEqual(work.count, 0)
    }
}
