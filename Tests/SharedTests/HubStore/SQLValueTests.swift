import Foundation
import XCTest

@testable import HubStore

final class SQLValueTests: XCTestCase {
    func testLiteralsMapToStorageClasses() {
        // Given / When
        let values: [SQLValue] = [42, 1.5, "hé", nil, true, false]
        // Then
        XCTAssertEqual(values, [.int(42), .double(1.5), .text("hé"), .null, .int(1), .int(0)])
    }

    func testOptionalInitsMapNilToNull() {
        // Given
        let noText: String? = nil
        let someText: String? = "x"
        let noInt: Int? = nil
        let someInt: Int? = 7
        let noBytes: [UInt8]? = nil
        // When / Then
        XCTAssertEqual(SQLValue(noText), .null)
        XCTAssertEqual(SQLValue(someText), .text("x"))
        XCTAssertEqual(SQLValue(noInt), .null)
        XCTAssertEqual(SQLValue(someInt), .int(7))
        XCTAssertEqual(SQLValue(true), .int(1))
        XCTAssertEqual(SQLValue(Optional<Bool>.none), .null)
        XCTAssertEqual(SQLValue(noBytes), .null)
        XCTAssertEqual(SQLValue([UInt8]([1, 2])), .blob([1, 2]))
        XCTAssertEqual(SQLValue(Data([3])), .blob([3]))
        XCTAssertEqual(SQLValue(Date(timeIntervalSince1970: 0)), .text("1970-01-01T00:00:00.000Z"))
    }

    func testAccessorsConvertOnlyBetweenNumbers() {
        // Given
        let integral: SQLValue = .double(3.0)
        let fractional: SQLValue = .double(3.5)
        let text: SQLValue = "12"
        // When / Then
        XCTAssertEqual(integral.int64Value, 3)
        XCTAssertNil(fractional.intValue)
        XCTAssertEqual(SQLValue.int(2).doubleValue, 2.0)
        XCTAssertNil(text.intValue, "text is not parsed as a number")
        XCTAssertNil(SQLValue.int(12).stringValue, "numbers are not formatted as text")
        XCTAssertEqual(SQLValue.int(0).boolValue, false)
        XCTAssertEqual(SQLValue.int(5).boolValue, true)
        XCTAssertNil(SQLValue.null.boolValue)
        XCTAssertTrue(SQLValue.null.isNull)
    }

    func testRowFindsColumnsByNameIndexAndFoldedCase() {
        // Given
        let row = Row(columns: ["id", "Name", "id"], values: [1, "a", 2])
        // When / Then
        XCTAssertEqual(row.int("id"), 1, "the first column of a repeated name wins")
        XCTAssertEqual(row.string("name"), "a")
        XCTAssertEqual(row.int(2), 2)
        XCTAssertEqual(row["missing"], .null)
        XCTAssertEqual(row[9], .null)
        XCTAssertFalse(row.has("missing"))
        XCTAssertEqual(row.columns, ["id", "Name", "id"])
    }
}
