import XCTest

@testable import HubRuntime

final class ISOTimeTests: XCTestCase {
    func testFormatsUTCWithMilliseconds() {
        // Given an instant with a fractional second
        let date = Date(timeIntervalSince1970: 1_796_030_102.123)
        // Then it prints as UTC with exactly three fraction digits
        XCTAssertEqual(ISOTime.format(date), "2026-11-30T09:15:02.123Z")
        XCTAssertEqual(ISOTime.format(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
    }

    func testParsesZuluOffsetsAndFractions() {
        XCTAssertEqual(ISOTime.parse("2026-11-30T09:15:02.123Z")!.timeIntervalSince1970, 1_796_030_102.123, accuracy: 0.0001)
        XCTAssertEqual(ISOTime.parse("2026-11-30T09:15:02Z")!.timeIntervalSince1970, 1_796_030_102)
        XCTAssertEqual(ISOTime.parse("2026-11-30T10:15:02+01:00")!.timeIntervalSince1970, 1_796_030_102)
    }

    func testRejectsWhatIsNotATimestamp() {
        for bad in [
            "", "2026-11-30", "2026-02-30T00:00:00Z", "2026-11-30T25:00:00Z", "2026-11-30T09:15:02", "2026-11-30T09:15:02.Z",
            "2026-11-30T09:15:02Zjunk",
        ] {
            XCTAssertNil(ISOTime.parse(bad), bad)
        }
    }

    func testRoundTrip() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        XCTAssertEqual(ISOTime.parse(ISOTime.format(date)), date)
    }
}
