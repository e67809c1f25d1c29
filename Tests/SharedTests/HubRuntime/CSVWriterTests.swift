import XCTest

@testable import HubRuntime

/// `CSVWriter`: RFC 4180 quoting, CRLF records and the one formula-neutralization rule.
final class CSVWriterTests: XCTestCase {
    func testEachFormulaCharacterFirstGetsAnApostropheAndNowhereElse() {
        // Given the six characters the rule names: = + - @ tab CR
        for first in ["=", "+", "-", "@", "\t"] {
            // When a field starts with one, and when it only contains one
            // Then only the first is neutralized
            XCTAssertEqual(CSVWriter.field(first + "1+1"), "'" + first + "1+1", first.debugDescription)
            XCTAssertEqual(CSVWriter.field("a" + first + "1"), "a" + first + "1", first.debugDescription)
        }
        // CR also needs quotes, with the apostrophe inside them
        XCTAssertEqual(CSVWriter.field("\rx"), "\"'\rx\"")
        XCTAssertEqual(CSVWriter.field("\r\nx"), "\"'\r\nx\"")
        XCTAssertEqual(CSVWriter.field("x\r"), "\"x\r\"")
        // Numbers are not exempt: a rule that guesses at numbers can be aimed at
        XCTAssertEqual(CSVWriter.field("-2"), "'-2")
        XCTAssertEqual(CSVWriter.field("+1.5"), "'+1.5")
        XCTAssertEqual(CSVWriter.field("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0")
    }

    func testCharactersOutsideTheRuleAreLeftAlone() {
        // Given fields starting with characters near the six but not among them
        // When written / Then unchanged, or only quoted
        XCTAssertEqual(CSVWriter.field("'=x"), "'=x")
        XCTAssertEqual(CSVWriter.field(" =x"), " =x")
        XCTAssertEqual(CSVWriter.field("＝1+1"), "＝1+1")
        XCTAssertEqual(CSVWriter.field("#x"), "#x")
        XCTAssertEqual(CSVWriter.field("\nx"), "\"\nx\"")
        XCTAssertEqual(CSVWriter.field("plain"), "plain")
        XCTAssertEqual(CSVWriter.field(""), "")
    }

    func testQuotedOnlyForCommaQuoteCROrLFWithQuotesDoubled() {
        XCTAssertEqual(CSVWriter.field("a, b"), "\"a, b\"")
        XCTAssertEqual(CSVWriter.field("She said \"hi\""), "\"She said \"\"hi\"\"\"")
        XCTAssertEqual(CSVWriter.field("line one\nline two"), "\"line one\nline two\"")
        XCTAssertEqual(CSVWriter.field("a\rb"), "\"a\rb\"")
        XCTAssertEqual(CSVWriter.field("-1,5"), "\"'-1,5\"")
        XCTAssertEqual(CSVWriter.field("\""), "\"\"\"\"")
        // A quote followed by a combining mark is still one quote byte to double
        XCTAssertEqual(CSVWriter.field("a\"\u{301}b"), "\"a\"\"\u{301}b\"")
        // Characters that need no quotes in RFC 4180
        XCTAssertEqual(CSVWriter.field("a;b\tc 'd' é 😀"), "a;b\tc 'd' é 😀")
        // A leading byte order mark is quoted so that a reader does not drop it
        XCTAssertEqual(CSVWriter.field("\u{FEFF}x"), "\"\u{FEFF}x\"")
        XCTAssertEqual(CSVWriter.field("x\u{FEFF}"), "x\u{FEFF}")
    }

    func testRecordsEndWithCRLFIncludingTheLast() {
        // Given a header and two records, one with empty fields
        var csv = CSVWriter(header: ["a", "b", "c"])
        csv.append(["1", "", "=2"])
        csv.append(["", "", ""])
        // When read as text / Then every record ends in CRLF
        XCTAssertEqual(csv.text, "a,b,c\r\n1,,'=2\r\n,,\r\n")
    }

    func testARecordOfOneEmptyFieldIsNotABlankLine() {
        var csv = CSVWriter()
        csv.append([""])
        csv.append(["x"])
        XCTAssertEqual(csv.text, "\"\"\r\nx\r\n")
        XCTAssertEqual(CSVWriter().text, "")
    }
}
