import XCTest

@testable import HubRuntime

final class ClockTests: XCTestCase {
    func testFakeNowStartsTheClockAtTheGivenInstantAndKeepsMoving() throws {
        // Given APPNORTH_FAKE_NOW
        let clock = try ClockFactory.fromEnvironment(["APPNORTH_FAKE_NOW": "2030-01-02T03:04:05.000Z"])
        // Then now() starts there and advances with real time
        let first = clock.now()
        XCTAssertEqual(first.timeIntervalSince1970, ISOTime.parse("2030-01-02T03:04:05Z")!.timeIntervalSince1970, accuracy: 1)
        usleep(20_000)
        XCTAssertGreaterThan(clock.now(), first)
    }

    func testWithoutFakeNowTheSystemClockIsUsed() throws {
        let clock = try ClockFactory.fromEnvironment([:])
        XCTAssertTrue(clock is SystemClock)
        XCTAssertEqual(clock.now().timeIntervalSinceNow, 0, accuracy: 1)
    }

    func testAnUnreadableFakeNowIsRefused() {
        XCTAssertThrowsError(try ClockFactory.fromEnvironment(["APPNORTH_FAKE_NOW": "yesterday"]))
    }

    func testManualClockMovesOnlyWhenTold() {
        let clock = ManualClock(Date(timeIntervalSince1970: 100))
        XCTAssertEqual(clock.nowMillis(), 100_000)
        clock.advance(by: 1.5)
        XCTAssertEqual(clock.nowMillis(), 101_500)
    }
}
