import Foundation
import XCTest

@testable import HubRuntime

final class ThreadNamedTests: XCTestCase {
    func testTheKernelKnowsANamedThreadByItsName() throws {
        // A name of 15 bytes is kept whole; one of 16 is cut to 15
        XCTAssertEqual(try kernelNameOfAThread(named: "ingest-writer"), "ingest-writer")
        XCTAssertEqual(try kernelNameOfAThread(named: "abcdefghijklmno"), "abcdefghijklmno")
        XCTAssertEqual(try kernelNameOfAThread(named: "abcdefghijklmnop"), "abcdefghijklmno")
        XCTAssertEqual(try kernelNameOfAThread(named: "rpc-client-chatd"), "rpc-client-chat")
    }

    func testANameIsCutOnACharacterBoundary() {
        XCTAssertEqual(Thread.kernelName("abcdefghijklmno"), "abcdefghijklmno")
        XCTAssertEqual(Thread.kernelName("abcdefghijklmnop"), "abcdefghijklmno")
        // "é" is two bytes: 14 + 2 would be 16, so it goes
        XCTAssertEqual(Thread.kernelName("abcdefghijklmné"), "abcdefghijklmn")
        XCTAssertEqual(Thread.kernelName("abcdefghijklmé"), "abcdefghijklmé")
        XCTAssertEqual(Thread.kernelName(""), "")
    }

    /// What `/proc/thread-self/comm` says inside a thread started by `Thread.named`.
    private func kernelNameOfAThread(named name: String) throws -> String {
        final class Seen: @unchecked Sendable { var comm: String? }
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        Thread.named(name) {
            seen.comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return try XCTUnwrap(seen.comm).trimmingCharacters(in: .newlines)
    }
}
