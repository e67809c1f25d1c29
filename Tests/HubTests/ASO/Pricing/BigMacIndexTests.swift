import XCTest

@testable import ASOService

/// `BigMacIndex` reads its dataset with the shared RFC 4180 reader.
final class BigMacIndexTests: XCTestCase {
    private let header = "date,iso_a3,currency_code,name,local_price,dollar_ex\r\n"

    func testAQuotedCountryNameWithACommaIsRead() throws {
        // Given a release where a country's name is quoted because it holds a comma
        let csv = header + "2026-01-01,USA,USD,United States,6.00,1\r\n2026-01-01,KOR,KRW,\"Korea, Republic of\",5500,1400\r\n"
        // When loaded / Then the row is an observation like any other
        let index = try BigMacIndex(csv: csv)
        XCTAssertEqual(index.observation("KOR", in: "2026-01-01")?.observation.localPrice, Decimal(5500))
        XCTAssertEqual(index.observation("KOR", in: "2026-01-01")?.observation.dollarExchangeRate, Decimal(1400))
    }

    func testBadRowsNameTheirLineInTheFile() {
        // Given a bad price after a blank line, and a quote that never closes
        // When loaded / Then the error names the line of the file
        XCTAssertThrowsError(try BigMacIndex(csv: header + "2026-01-01,USA,USD,US,6,1\r\n\r\n2026-01-01,GBR,GBP,UK,x,1\r\n")) {
            XCTAssertEqual($0 as? BigMacIndex.LoadError, .badRow(line: 4))
        }
        XCTAssertThrowsError(try BigMacIndex(csv: header + "2026-01-01,USA,USD,\"US,6,1\r\n")) {
            XCTAssertEqual($0 as? BigMacIndex.LoadError, .unreadable(.unterminatedQuote(line: 2)))
        }
    }
}
