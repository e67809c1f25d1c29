import Foundation
import XCTest

@testable import IngestService

/// The RevenueCat panel on `/dashboard/apps/<projectId>` (docs/revenuecat.md): connecting
/// through the page, choosing a project, the figures and chart, and disconnecting in two steps.
final class RevenueCatPageTests: XCTestCase {
    private var fixture: RevenueCatFixture!
    private var projectId: String!
    private var pages: PageSession!
    private let key = RevenueCatFixture.key

    override func setUpWithError() throws {
        fixture = try RevenueCatFixture()
        projectId = try fixture.createProject(name: "Trails")
        pages = try fixture.admin.pages(as: "owner@example.com", role: .owner)
        try fixture.state(
            projects: [("projTrails01", "Trails iOS"), ("projSketch02", "Sketch Pad")],
            keys: [key: ["projects": ["projTrails01", "projSketch02"]]])
    }

    override func tearDown() { fixture?.shutdown() }

    private var appPath: String { "/dashboard/apps/" + projectId }

    func testConnectingThroughThePageAsksForTheProjectThenShowsTheFiguresAndChart() throws {
        // Given the app's page, not connected
        let before = try pages.get(appPath)
        XCTAssertEqual(before.status, 200)
        XCTAssertTrue(before.text.contains("Not connected"))
        // When the owner posts a key that sees two projects
        let choose = try pages.post(appPath + "/revenuecat", [("secretKey", key)])
        // Then the page asks for the project with radio buttons, and the key is not in it
        XCTAssertEqual(choose.status, 409, choose.text)
        XCTAssertTrue(choose.text.contains("value=\"projSketch02\""))
        XCTAssertTrue(choose.text.contains("type=\"radio\" name=\"projectId\""))
        XCTAssertFalse(choose.text.contains(key))
        XCTAssertEqual(try fixture.snapshotCount(projectId), 0)
        // When the owner submits again with the project chosen
        let connected = try pages.post(appPath + "/revenuecat", [("secretKey", key), ("projectId", "projTrails01")])
        // Then it goes back to the page, which shows the figures, the sync time and the chart, never the key
        XCTAssertEqual(connected.status, 303, connected.text)
        XCTAssertEqual(connected.header("location"), appPath + "?done=revenuecat#revenuecat")
        let page = try pages.get(appPath + "?done=revenuecat")
        XCTAssertTrue(page.text.contains("Trails iOS"))
        XCTAssertTrue(page.text.contains("USD 1,234.50"), page.text)
        XCTAssertTrue(page.text.contains("2,048"))
        XCTAssertTrue(page.text.contains("<svg class=\"chart\""))
        XCTAssertTrue(page.text.contains("Last synchronization: <time"))
        XCTAssertFalse(page.text.contains(key))
        XCTAssertFalse(fixture.hub.logSink.lines.joined(separator: "\n").contains(key))
    }

    func testAMemberSeesThePanelButMayNotConnect() throws {
        // Given a member of the organization
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        // Then the app's page shows the panel without its forms, and a connect post is refused
        let page = try member.get(appPath)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("id=\"revenuecat\""))
        XCTAssertFalse(page.text.contains("name=\"secretKey\""))
        XCTAssertEqual(try member.post(appPath + "/revenuecat", [("secretKey", key)]).status, 403)
        XCTAssertEqual(try fixture.log().count, 0)
    }

    func testARefusedKeyIsShownByItsFieldAndDisconnectAsksFirst() throws {
        // When the owner pastes a public SDK key
        let refused = try pages.post(appPath + "/revenuecat", [("secretKey", "goog_AbCdEfGhIjKlMnOpQrStUv")])
        // Then the page says why next to the field, and RevenueCat was never asked
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("is a public SDK key"))
        XCTAssertEqual(try fixture.log().count, 0)

        // Given a connection
        XCTAssertEqual(try pages.post(appPath + "/revenuecat", [("secretKey", key), ("projectId", "projSketch02")]).status, 303)
        // When Disconnect is posted without confirming
        let asking = try pages.post(appPath + "/revenuecat/disconnect")
        // Then the page asks first and nothing changed
        XCTAssertEqual(asking.status, 200)
        XCTAssertTrue(asking.text.contains("name=\"confirm\" value=\"1\""))
        XCTAssertEqual(try fixture.call("GET", "/projects/\(projectId!)/integrations/revenuecat").json["connected"] as? Bool, true)
        // When it is confirmed
        let done = try pages.post(appPath + "/revenuecat/disconnect", [("confirm", "1")])
        // Then the connection is gone and the snapshot stays on the page
        XCTAssertEqual(done.status, 303)
        let page = try pages.get(appPath)
        XCTAssertTrue(page.text.contains("Not connected"))
        XCTAssertTrue(page.text.contains("USD 1,234.50"))
    }
}
