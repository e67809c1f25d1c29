import Foundation
import TestSupport
import XCTest

extension PageSession {
    /// Follows a task's page (`/dashboard/work/<id>`, the 303 of a post that waits on a
    /// provider) until it no longer says "Working…", with a 20-second deadline; its last answer.
    func settled(_ started: HubReply, file: StaticString = #filePath, line: UInt = #line) throws -> HubReply {
        XCTAssertEqual(started.status, 303, started.text, file: file, line: line)
        let work = try XCTUnwrap(started.header("location"), file: file, line: line)
        XCTAssertTrue(work.hasPrefix("/dashboard/work/"), work, file: file, line: line)
        var last = try get(work)
        XCTAssertTrue(
            eventually(timeout: 20, every: 0.1) {
                last = (try? get(work)) ?? last
                return !last.text.contains("Working…")
            }, file: file, line: line)
        return last
    }
}
