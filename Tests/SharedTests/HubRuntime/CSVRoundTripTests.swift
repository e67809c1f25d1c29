import TestSupport
import XCTest

@testable import HubRuntime

/// `CSVWriter` then `CSVReader` on random records built from the characters that matter:
/// the records come back unchanged apart from the documented neutralization.
final class CSVRoundTripTests: XCTestCase {
    private static let pieces = [
        ",", "\"", "\"\"", "\r", "\n", "\r\n", "=", "+", "-", "@", "\t", "'", "''", " ", "a", "1", "0.99", "é", "\u{301}", "😀",
        "\u{FEFF}", "中", ";", "#", "\\", "=SUM(A1)", "-2", "'=",
    ]
    /// The writer's rule, restated from its documentation rather than taken from its code.
    private static let formulaFirst: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    private static func neutralized(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, formulaFirst.contains(first) else { return value }
        return "'" + value
    }

    private static func restored(_ value: String) -> String {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count >= 2, scalars[0] == "'", formulaFirst.contains(scalars[1]) else { return value }
        return String(String.UnicodeScalarView(scalars.dropFirst()))
    }

    private func records(_ random: inout SplitMix64) -> [[String]] {
        (0..<Int.random(in: 1...12, using: &random)).map { _ in
            (0..<Int.random(in: 1...6, using: &random)).map { _ in
                (0..<Int.random(in: 0...5, using: &random)).map { _ in CSVRoundTripTests.pieces.randomElement(using: &random)! }.joined()
            }
        }
    }

    func testRandomRecordsSurviveWriteThenRead() throws {
        let plain = CSVReader(limits: .init(bytes: 1_000_000, records: 1_000, fieldsPerRecord: 100))
        let restoring = CSVReader(limits: plain.limits, restoresNeutralizedFields: true)
        for seed in UInt64(1)...3_000 {
            // Given random records of special characters, empty fields and single empty fields
            var random = SplitMix64(seed: seed)
            let written = records(&random)
            // When written, then read plainly and restoring
            var csv = CSVWriter()
            for record in written { csv.append(record) }
            let read = try plain.records(in: csv.text).map(\.fields)
            let back = try restoring.records(in: csv.text).map(\.fields)
            // Then plain reading gives the neutralized fields and restoring the originals, but for a
            // value that itself starts with ' and a formula character, which loses that '
            XCTAssertEqual(read, written.map { $0.map(CSVRoundTripTests.neutralized) }, "seed \(seed): \(csv.text.debugDescription)")
            XCTAssertEqual(back, written.map { $0.map(CSVRoundTripTests.restored) }, "seed \(seed): \(csv.text.debugDescription)")
        }
    }

    func testRecordsStartOnTheLinesTheirTextStartsOn() throws {
        // Given records whose quoted fields span lines
        var csv = CSVWriter(header: ["h"])
        csv.append(["a\nb", "c\r\nd"])
        csv.append(["e"])
        // When read / Then each record's line counts the line breaks before it
        let reader = CSVReader(limits: .init(bytes: 1_000, records: 10, fieldsPerRecord: 10))
        XCTAssertEqual(try reader.records(in: csv.text).map(\.line), [1, 2, 5])
    }
}
