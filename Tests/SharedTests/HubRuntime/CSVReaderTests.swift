import Foundation
import XCTest

@testable import HubRuntime

/// `CSVReader`: RFC 4180 records, line numbers, limits before work, clear errors, linear time.
final class CSVReaderTests: XCTestCase {
    private let roomy = CSVReader(limits: .init(bytes: 10_000_000, records: 1_000_000, fieldsPerRecord: 1_000))

    private func fields(_ text: String, _ reader: CSVReader? = nil) throws -> [[String]] {
        try (reader ?? roomy).records(in: text).map(\.fields)
    }

    private func error(_ text: String, _ reader: CSVReader? = nil, file: StaticString = #filePath, line: UInt = #line) -> CSVError? {
        do {
            let records = try (reader ?? roomy).records(in: text)
            XCTFail("read \(records) from \(text.debugDescription)", file: file, line: line)
            return nil
        } catch let error as CSVError {
            return error
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testLineEndsCRLFOrLFAndTheLastOneOptional() throws {
        // Given the same records with CRLF, LF, mixed, and no final line end
        let texts = ["a,b\r\nc,d\r\n", "a,b\nc,d\n", "a,b\r\nc,d\n", "a,b\nc,d"]
        for text in texts {
            // When read / Then two records of two fields
            XCTAssertEqual(try fields(text), [["a", "b"], ["c", "d"]], text.debugDescription)
        }
        XCTAssertEqual(try fields(""), [])
        XCTAssertEqual(try fields("x"), [["x"]])
    }

    func testQuotedFieldsHoldCommasDoubledQuotesAndLineBreaks() throws {
        // Given quoted fields with every character that needs quotes
        let text = "\"a, b\",\"She said \"\"hi\"\"\",\"one\r\ntwo\nthree\rfour\"\r\nnext,\"\"\r\n"
        // When read
        let records = try roomy.records(in: text)
        // Then the fields are the text inside the quotes, and the next record's line counts the breaks inside
        XCTAssertEqual(records.map(\.fields), [["a, b", "She said \"hi\"", "one\r\ntwo\nthree\rfour"], ["next", ""]])
        XCTAssertEqual(records.map(\.line), [1, 4])
    }

    func testEmptyFieldsEverywhere() throws {
        XCTAssertEqual(try fields(",,\r\n"), [["", "", ""]])
        XCTAssertEqual(try fields("a,"), [["a", ""]])
        XCTAssertEqual(try fields(",a\n"), [["", "a"]])
        XCTAssertEqual(try fields("\"\"\n\"\",\"\""), [[""], ["", ""]])
    }

    func testBlankLinesAreSkippedButCounted() throws {
        // Given blank lines before, between and after records
        let records = try roomy.records(in: "\r\n\na\r\n\r\n\nb\n\n")
        // Then they are no records, and the lines still number the file
        XCTAssertEqual(records, [.init(line: 3, fields: ["a"]), .init(line: 6, fields: ["b"])])
    }

    func testAByteOrderMarkIsIgnoredOnlyAtTheStart() throws {
        XCTAssertEqual(try fields("\u{FEFF}a,b\r\n"), [["a", "b"]])
        XCTAssertEqual(try fields("\u{FEFF}"), [])
        XCTAssertEqual(try fields("a\n\u{FEFF}b"), [["a"], ["\u{FEFF}b"]])
        XCTAssertEqual(try fields("\u{FEFF}\"\u{FEFF}b\""), [["\u{FEFF}b"]])
    }

    func testMalformedInputNamesTheLine() {
        // Given texts RFC 4180 does not allow
        // When read / Then the error says what and where
        XCTAssertEqual(error("a\nb,\"open\nstill open\n"), .unterminatedQuote(line: 2))
        XCTAssertEqual(error("a\nb\"c\n"), .quoteInUnquotedField(line: 2))
        XCTAssertEqual(error("\"a\nb\"c,d\n"), .textAfterClosingQuote(line: 2))
        XCTAssertEqual(error("\"a\" ,b"), .textAfterClosingQuote(line: 1))
        XCTAssertEqual(error("a\r\nb\rc\r\n"), .bareCarriageReturn(line: 2))
        XCTAssertEqual(error("a,b\r"), .bareCarriageReturn(line: 1))
        let stray = CSVError.quoteInUnquotedField(line: 7)
        XCTAssertEqual(stray.code, "CSV_STRAY_QUOTE")
        XCTAssertEqual(stray.description, "CSV_STRAY_QUOTE: line 7: a double quote inside a field that is not quoted")
    }

    func testByteLimitOnBothSides() throws {
        // Given a limit of 10 bytes (a byte order mark counts)
        let reader = CSVReader(limits: .init(bytes: 10, records: 100, fieldsPerRecord: 100))
        // When a text is exactly that long, and one byte longer
        // Then the first is read and the second refused before parsing (its open quote is never reported)
        XCTAssertEqual(try fields("abcd,efg\r\n", reader), [["abcd", "efg"]])
        XCTAssertEqual(error("\"abcd,efg\r\n", reader), .tooLarge(limit: 10))
        XCTAssertEqual(error("\u{FEFF}abcd,efg\n", reader), .tooLarge(limit: 10))
    }

    func testRecordLimitOnBothSidesNotCountingBlankLines() throws {
        // Given a limit of 3 records
        let reader = CSVReader(limits: .init(bytes: 1_000, records: 3, fieldsPerRecord: 10))
        // When there are 3 (with blank lines and a final line end), and 4
        XCTAssertEqual(try fields("h\n1\n\n2\n\n", reader), [["h"], ["1"], ["2"]])
        // Then the fourth is refused where it starts
        XCTAssertEqual(error("h\n1\n\n2\n3\n", reader), .tooManyRecords(line: 5, limit: 3))
    }

    func testFieldLimitOnBothSides() throws {
        // Given a limit of 3 fields per record
        let reader = CSVReader(limits: .init(bytes: 1_000, records: 10, fieldsPerRecord: 3))
        // When a record has 3, and one has 4 (an empty fourth counts)
        XCTAssertEqual(try fields("a,b,c\nd,e,f", reader), [["a", "b", "c"], ["d", "e", "f"]])
        XCTAssertEqual(error("a,b,c\n\"x\ny\",e,f,", reader), .tooManyFields(line: 3, limit: 3))
    }

    func testNeutralizedFieldsAreRestoredOnlyWhenAsked() throws {
        // Given fields as CSVWriter writes neutralized values, and look-alikes it never neutralizes
        let text = "'=1+1,'+x,'-2,'@SUM(A1),'\tTab,\"'\rcr\",\"'\r\ncrlf\",'a,',''=x,=raw\r\n"
        let restoring = CSVReader(limits: roomy.limits, restoresNeutralizedFields: true)
        // When read plainly and restoring
        // Then plain reading gives the text as written, restoring takes off exactly the added apostrophe
        XCTAssertEqual(try fields(text), [["'=1+1", "'+x", "'-2", "'@SUM(A1)", "'\tTab", "'\rcr", "'\r\ncrlf", "'a", "'", "''=x", "=raw"]])
        XCTAssertEqual(
            try fields(text, restoring), [["=1+1", "+x", "-2", "@SUM(A1)", "\tTab", "\rcr", "\r\ncrlf", "'a", "'", "''=x", "=raw"]])
    }

    func testTimeIsLinearInTheInput() {
        // Given inputs aimed at a quadratic reader: doubled quotes, one long open quote, many tiny fields, many blank lines
        let shapes: [(unit: String, head: String, tail: String)] = [
            ("\"\"", "\"", "\""), ("x\n", "\"", ""), (",", "", ""), ("\r\n", "", "a"), ("\"a,b\"\"c\",", "", "d"),
        ]
        let reader = CSVReader(limits: .init(bytes: 10_000_000, records: 10_000_000, fieldsPerRecord: 10_000_000))
        for shape in shapes {
            func text(_ bytes: Int) -> String {
                shape.head + String(repeating: shape.unit, count: bytes / shape.unit.utf8.count) + shape.tail
            }
            let small = text(250_000)
            let large = text(1_000_000)
            // When each is read at N and 4N bytes (best of three, so a busy machine blurs less)
            let t1 = (0..<3).map { _ in seconds { _ = try? reader.records(in: small) } }.min()!
            let t4 = (0..<3).map { _ in seconds { _ = try? reader.records(in: large) } }.min()!
            // Then four times the text takes about four times as long, not sixteen
            XCTAssertLessThan(t4, max(t1 * 8, 0.05), "\(shape.unit.debugDescription): \(t1) s then \(t4) s")
        }
    }

    private func seconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
