import Foundation
import XCTest

@testable import IngestService

/// `GET /projects/{id}/feedback/export.csv`: RFC 4180 quoting and formula neutralization.
final class InboxExportTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
    }

    override func tearDown() { admin?.shutdown() }

    private func export(_ query: String = "") throws -> HubReply {
        try admin.call("GET", "/projects/\(projectId!)/feedback/export.csv" + query)
    }

    func testCellsAreQuotedAndFormulasNeutralized() throws {
        // Given reports whose text a spreadsheet would run or split
        let messages = ["=1+1", "@SUM(A1)", "-2", "+x", "She said \"hi\"", "a, b", "line one\nline two", "\tTabbed"]
        var ids: [String] = []
        for message in messages { ids.append(try admin.insertFeedback(projectId: projectId, message: message, pageTitle: "=HYPERLINK(1)")) }
        // When the inbox is exported
        let response = try export()
        // Then it is an attachment of CSV with CRLF rows, a header, and each cell made safe
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "text/csv; charset=utf-8")
        XCTAssertEqual(response.header("Content-Disposition"), "attachment; filename=\"feedback-\(projectId!).csv\"")
        let text = response.text
        XCTAssertTrue(text.hasPrefix("id,createdAt,type,status,priority,read,email,pageURL,pageTitle,labels,assignee,message\r\n"))
        XCTAssertTrue(text.hasSuffix("\r\n"))
        let expected = ["'=1+1", "'@SUM(A1)", "'-2", "'+x", "\"She said \"\"hi\"\"\"", "\"a, b\"", "\"line one\nline two\"", "'\tTabbed"]
        for (id, cell) in zip(ids, expected) {
            let line = try XCTUnwrap(text.components(separatedBy: "\r\n").first { $0.hasPrefix(id) }, cell)
            XCTAssertTrue(line.hasSuffix("," + cell), "\(line) should end with \(cell)")
            XCTAssertTrue(line.contains(",'=HYPERLINK(1),"), line)
        }
        // And the only bare LF is inside the quoted multi-line cell
        XCTAssertEqual(text.components(separatedBy: "\r\n").count, messages.count + 2)
    }

    func testExportAppliesTheListFilters() throws {
        // Given a problem and a suggestion
        let problem = try admin.insertFeedback(projectId: projectId, type: "problem", message: "Broken")
        let suggestion = try admin.insertFeedback(projectId: projectId, type: "suggestion", message: "Wish")
        // When only suggestions are exported, and when a filter is invalid
        let text = try export("?type=suggestion").text
        let invalid = try export("?type=bug")
        // Then only the suggestion is in it, and the invalid filter is 400
        XCTAssertTrue(text.contains(suggestion))
        XCTAssertFalse(text.contains(problem))
        XCTAssertEqual(invalid.status, 400)
    }
}
