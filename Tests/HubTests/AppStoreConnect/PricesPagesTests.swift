import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// `/dashboard/apps/<projectId>/prices` (docs "Price localization"; issue 26) against the fake App
/// Store Connect: a preview built in a task and drawn as a table and a map with the dataset, a
/// refused form drawn again, the CSV export and an import whose bad rows are named, and a job
/// whose `uncertain` item is shown as such until it is reconciled, with rollback; members read.
final class PricesPagesTests: XCTestCase {
    private var fixture: ASCFixture!
    private var pages: PageSession!
    private var projectId: String!

    override func setUpWithError() throws {
        // A product name with markup, to see it escaped wherever it shows
        fixture = try ASCFixture.priced(subscriptionName: "Pro <Monthly>")
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
        pages = try fixture.admin.pages(as: "owner@example.com", role: .owner)
    }

    override func tearDown() { fixture?.shutdown() }

    private var path: String { "/dashboard/apps/\(projectId!)/prices" }

    private let form: [(String, String)] = [
        ("productId", "sub1"), ("kind", "subscription"), ("territories", "GBR, IND"), ("strategy", "purchasing_power"),
        ("rounding", "nearest"), ("basePrice", "4.99"),
    ]

    /// The preview page reached through the task, and its ID from the submit form.
    private func preview() throws -> (page: HubReply, previewId: String) {
        let page = try pages.settled(try pages.post(path + "/preview", form))
        XCTAssertEqual(page.status, 200, page.text)
        let marker = path + "/previews/"
        let start = try XCTUnwrap(page.text.range(of: "action=\"" + marker))
        return (page, String(page.text[start.upperBound...].prefix { $0 != "/" }))
    }

    func testAPreviewIsATableAndAMapWithTheDatasetAndAMemberOnlyReads() throws {
        // When the owner previews a purchasing-power localization from 4.99 USD
        let (page, _) = try preview()
        // Then each territory has its current price, the proposed point and the change in percent
        XCTAssertTrue(page.text.contains("id=\"territory-GBR\""), page.text)
        XCTAssertTrue(page.text.contains(">3.49</td>"))
        XCTAssertTrue(page.text.contains("+14.3%"))
        XCTAssertTrue(page.text.contains("+90.0%"))
        XCTAssertTrue(page.text.contains("+25.1%"))
        XCTAssertTrue(page.text.contains("target 4.31 → point 3.99"))
        // And the map shades the territories, with its title, legend, and the dataset's name and release
        XCTAssertTrue(page.text.contains("class=\"chart world-map\""))
        XCTAssertTrue(page.text.contains("data-territory=\"IND\" fill=\"#b2182b\""))
        XCTAssertTrue(page.text.contains("<title>GBR: +14.3%</title>"))
        XCTAssertTrue(page.text.contains("Big Mac"))
        XCTAssertTrue(page.text.contains("release 2026-01-01"))
        // When a pair is not TERRITORY=value
        let refused = try pages.post(path + "/preview", form + [("multipliers", "TUR=0.8\nIND 0.7")])
        // Then the form is drawn again with what was typed and the line named, and no task starts
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertTrue(refused.text.contains("line 2: write TERRITORY=value"), refused.text)
        XCTAssertTrue(refused.text.contains("TUR=0.8\nIND 0.7</textarea>"))
        // And Apple's products fill the picker, their names escaped
        let products = try pages.settled(try pages.post(path + "/products"))
        XCTAssertTrue(
            products.text.contains("<option value=\"subscription:sub1\">Pro &lt;Monthly&gt; (subscription)</option>"), products.text)
        XCTAssertFalse(products.text.contains("<Monthly>"))
        // And a member reads the page without the form, and cannot preview
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        let read = try member.get(path)
        XCTAssertEqual(read.status, 200)
        XCTAssertFalse(read.text.contains("/prices/preview\""))
        XCTAssertEqual(try member.post(path + "/preview", form).status, 403)
    }

    func testAJobShowsAnUncertainItemApartFromFailedAndRunsToSucceeded() throws {
        // Given a preview and Apple answering the first write only after the client gave up (the write still happens)
        let (_, previewId) = try preview()
        try fixture.controlPost(
            "/__control/script",
            ["method": "POST", "path": "/v1/subscriptionPrices", "responses": [["status": 201, "delayMs": 3_500]]])
        // When the owner submits it as a job
        let submitted = try pages.settled(try pages.post(path + "/previews/\(previewId)/jobs", []))
        let jobPath = String(try XCTUnwrap(submitted.header("location")).prefix { $0 != "?" })
        XCTAssertTrue(jobPath.hasPrefix(path + "/jobs/"), jobPath)
        // Then its items are pending and the page reloads itself while they are open
        let pending = try pages.get(jobPath)
        XCTAssertTrue(pending.text.contains("data-state=\"pending\""), pending.text)
        XCTAssertTrue(pending.text.contains("http-equiv=\"refresh\""))
        // When the worker runs
        XCTAssertEqual(try fixture.admin.call("POST", "/jobs/prices/run").status, 200)
        // Then the timed-out item is uncertain, drawn apart from failed, and said to be asked again
        let uncertain = try pages.get(jobPath)
        XCTAssertTrue(uncertain.text.contains("class=\"badge warn\" data-state=\"uncertain\""), uncertain.text)
        XCTAssertFalse(uncertain.text.contains("data-state=\"failed\""))
        XCTAssertTrue(uncertain.text.contains("It is not failed"))
        // When the worker runs again once Apple has done the write
        var done = uncertain
        XCTAssertTrue(
            eventually(timeout: 20, every: 0.5) {
                _ = try? self.fixture.admin.call("POST", "/jobs/prices/run")
                done = (try? self.pages.get(jobPath)) ?? done
                return done.text.contains("id=\"job-state\">succeeded<")
            }, done.text)
        // Then the job succeeded, stops reloading, and offers a rollback
        XCTAssertFalse(done.text.contains("http-equiv=\"refresh\""))
        XCTAssertFalse(done.text.contains("data-state=\"uncertain\""))
        let rollback = try pages.settled(try pages.post(jobPath + "/rollback"))
        let rollbackPath = try XCTUnwrap(rollback.header("location"))
        XCTAssertTrue(rollbackPath.hasSuffix("?done=rollback"))
        XCTAssertNotEqual(String(rollbackPath.prefix { $0 != "?" }), jobPath)
        // And the jobs list has both; a member reads a job but may not act on it
        XCTAssertEqual(try pages.get(path).text.components(separatedBy: "href=\"\(path)/jobs/").count - 1, 2)
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        XCTAssertEqual(try member.get(jobPath).status, 200)
        XCTAssertEqual(try member.post(jobPath + "/cancel").status, 403)
    }

    func testTheCSVIsExportedAndAnImportNamesItsBadRows() throws {
        // Given a preview exported as CSV
        let (_, previewId) = try preview()
        let export = try pages.get(path + "/previews/\(previewId)/csv")
        XCTAssertEqual(export.status, 200)
        XCTAssertTrue(export.header("content-type")?.hasPrefix("text/csv") ?? false)
        XCTAssertTrue(export.text.hasPrefix("product_id,product_kind,territory,current_point_id,proposed_point_id,proposed_price"))
        // When a row is edited to a point Apple does not offer and the file is imported
        let lines = export.text.components(separatedBy: "\r\n")
        let row = try XCTUnwrap(lines.firstIndex { $0.contains(",GBR,") })
        var bad = lines
        bad[row] = bad[row].replacingOccurrences(of: "gbr-399,3.99", with: "gbr-999,9.99")
        let refused = try pages.settled(
            try pages.postMultipart(
                path + "/import", [], files: [.init(name: "csv", filename: "prices.csv", bytes: Array(bad.joined(separator: "\r\n").utf8))])
        )
        // Then it is refused naming the row by its line in the file
        XCTAssertEqual(refused.status, 400, refused.text)
        XCTAssertTrue(refused.text.contains("INVALID_CSV"))
        XCTAssertTrue(refused.text.contains("row \(row + 1)"), refused.text)
        // When the file is imported as exported
        let imported = try pages.settled(
            try pages.postMultipart(
                path + "/import", [], files: [.init(name: "csv", filename: "prices.csv", bytes: Array(export.text.utf8))]))
        // Then it is a new stored preview, shown with its table
        let location = try XCTUnwrap(imported.header("location"))
        XCTAssertTrue(location.hasSuffix("?done=imported"), location)
        let shown = try pages.get(location)
        XCTAssertEqual(shown.status, 200)
        XCTAssertTrue(shown.text.contains("id=\"territory-GBR\""))
        XCTAssertTrue(shown.text.contains("csv import") || shown.text.contains("csv_import"))
    }
}
