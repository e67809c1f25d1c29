import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import IngestService

/// "Request a feature" (issue 28; seeds "Request a feature"): a member's request is filed as a
/// private report in the project `APPNORTH_FEEDBACK_APP_ID` names, with who sent it added by
/// the server, read back here through that organization's operator API.
final class FeatureRequestPagesTests: XCTestCase {
    var admin: AdminClient!
    let clock = ManualClock(Date(timeIntervalSince1970: 1_900_000_000))
    /// The feedback project, in the operator token's organization.
    var destination: (id: String, appId: String)!
    private var members = 0

    override func setUpWithError() throws {
        admin = try AdminClient(clock: clock)
        destination = try admin.newProject(name: "AppNorth feedback")
        _ = try admin.createOrganization(slug: "acme", name: "Acme Apps", plan: "pro")
        _ = try admin.createOrganization(slug: "freebie", name: "Freebie", plan: "free")
        // Ingest reads the App ID as it starts, and the project exists only now.
        try restartIngest(feedbackAppId: destination.appId)
    }

    override func tearDown() { admin?.shutdown() }

    private func restartIngest(feedbackAppId: String?) throws {
        admin.hub.config.feedbackAppId = feedbackAppId
        admin.hub.stopDaemon(.ingest)
        try admin.hub.startDaemon(.ingest)
    }

    /// A new member of `organization`, signed in: each has a fresh allowance of attempts.
    private func member(_ organization: String = "acme") throws -> PageSession {
        members += 1
        return try admin.pages(as: "ana\(members)@\(organization).example", role: .member, organization: organization)
    }

    private func send(
        _ session: PageSession, title: String = "Export keywords as CSV", details: String = "For our weekly report.",
        type: String = "new_feature", importance: String = "high", screenshot: PageSession.Upload? = nil
    ) throws -> HubReply {
        try session.postMultipart(
            "/dashboard/request-feature",
            [("type", type), ("title", title), ("details", details), ("importance", importance)], files: screenshot.map { [$0] } ?? [])
    }

    private func reports() throws -> [[String: Any]] {
        let page = try admin.call("GET", "/projects/\(destination.id)/feedback")
        XCTAssertEqual(page.status, 200, page.text)
        return page.json["items"] as? [[String: Any]] ?? []
    }

    private func onlyReport() throws -> [String: Any] {
        let items = try reports()
        XCTAssertEqual(items.count, 1)
        let id = try XCTUnwrap(items.first?["id"] as? String)
        return try admin.call("GET", "/feedback/\(id)").json
    }

    private func image(_ name: String, _ bytes: [UInt8], _ type: String = "image/png") -> PageSession.Upload {
        PageSession.Upload(name: "screenshot", filename: name, contentType: type, bytes: bytes)
    }

    /// A JPEG of exactly `size` bytes: a small one padded with comment segments, which a
    /// decoder skips.
    private func jpeg(ofSize size: Int) throws -> [UInt8] {
        let base = try TestImages.pillow("small_jpeg")
        var padding: [UInt8] = []
        var left = size - base.count
        while left > 0 {
            // A segment is 4 to 65,537 bytes; never leave fewer than 4 for the last one.
            let take = left > 65_537 ? min(65_537, left - 4) : left
            padding += [0xFF, 0xFE, UInt8((take - 2) >> 8), UInt8((take - 2) & 0xFF)] + [UInt8](repeating: 0x20, count: take - 4)
            left -= take
        }
        return [base[0], base[1]] + padding + base[2...]
    }

    func testARequestLandsAsAReportOfTheFeedbackProjectWithWhoSentItAddedByTheServer() throws {
        // Given a member of Acme Apps (Pro) on the page, whose script sent the viewport and language
        let ana = try member()
        let page = try ana.get("/dashboard/request-feature")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("Request a feature"))
        // When they send a new feature request of high importance
        let reply = try ana.postMultipart(
            "/dashboard/request-feature",
            [
                ("type", "new_feature"), ("title", "Export keywords as CSV"), ("details", "For our weekly report.\r\nAll countries."),
                ("importance", "high"), ("viewportWidth", "1280"), ("viewportHeight", "800"), ("language", "es-ES"),
            ], files: [])
        // Then it answers 303 to the confirmation, which says it was sent
        XCTAssertEqual(reply.status, 303, reply.text)
        XCTAssertEqual(reply.header("location"), "/dashboard/request-feature?sent=1")
        XCTAssertTrue(try ana.get("/dashboard/request-feature?sent=1").text.contains("Request sent"))
        // And the feedback project's operator API reads a private report with the text as typed
        let report = try onlyReport()
        XCTAssertEqual(report["type"] as? String, "suggestion")
        XCTAssertEqual(report["pageTitle"] as? String, "Export keywords as CSV")
        XCTAssertEqual(report["message"] as? String, "Export keywords as CSV\n\nFor our weekly report.\nAll countries.")
        XCTAssertEqual(report["pageURL"] as? String, admin.hub.baseURL + "/dashboard")
        XCTAssertEqual(report["locale"] as? String, "es-ES")
        XCTAssertEqual((report["viewport"] as? [String: Any])?["width"] as? Int, 1280)
        // And the reporter is the member, so the team's reply is emailed to them
        XCTAssertEqual(report["email"] as? String, "ana1@acme.example")
        XCTAssertEqual(report["authorEmail"] as? String, "ana1@acme.example")
        // And the server added the type, importance, name, organization and plan
        let organizationId = try XCTUnwrap(
            try admin.store.db.scalar("SELECT id FROM organizations WHERE slug = 'acme'").stringValue)
        let metadata = try XCTUnwrap(((report["diagnostics"] as? [[String: Any]])?.first)?["metadata"] as? [String: Any])
        XCTAssertEqual(metadata["requestType"] as? String, "new_feature")
        XCTAssertEqual(metadata["importance"] as? String, "high")
        XCTAssertEqual(metadata["requesterName"] as? String, "Ana1")
        XCTAssertEqual(metadata["requesterEmail"] as? String, "ana1@acme.example")
        XCTAssertEqual(metadata["organizationId"] as? String, organizationId)
        XCTAssertEqual(metadata["organizationName"] as? String, "Acme Apps")
        XCTAssertEqual(metadata["plan"] as? String, "pro")
    }

    func testALargePNGIsStoredAsAScreenshotOfAtMost1600PixelsOnItsLongestSide() throws {
        // Given a 3,000 × 2,000 PNG
        let png = try TestImages.pillow("gradient_png", "3000", "2000")
        // When a member sends it with a problem report
        let reply = try send(try member(), type: "problem", screenshot: image("wide.png", png))
        // Then the report is filed with a screenshot whose stored image is 1,600 × 1,067
        XCTAssertEqual(reply.status, 303, reply.text)
        let report = try onlyReport()
        XCTAssertEqual(report["type"] as? String, "problem")
        let id = try XCTUnwrap(report["id"] as? String)
        let key = try XCTUnwrap(try admin.store.db.scalar("SELECT screenshot_key FROM feedback WHERE id = ?", [.text(id)]).stringValue)
        let stored = [UInt8](try Data(contentsOf: URL(fileURLWithPath: admin.hub.config.objectStoreDirectory + "/" + key)))
        let size = try XCTUnwrap(TestImages.jpegSize(stored))
        XCTAssertEqual(max(size.width, size.height), 1600)
        XCTAssertEqual(size.height, 1067)
        XCTAssertEqual((report["screenshot"] as? [String: Any])?["width"] as? Int, 1600)
        // And the feedback team's Reports page shows it, without a viewport the page's script never sent
        let shown = try admin.pages(as: "team@example.com", role: .member).get("/dashboard/reports/\(id)")
        XCTAssertEqual(shown.status, 200)
        XCTAssertTrue(shown.text.contains("Export keywords as CSV"))
        XCTAssertFalse(shown.text.contains("0 × 0"), shown.text)
    }

    func testTitleAndDetailsAreAcceptedUpToTheirLimitsAndRefusedPastThemWithWhatWasTyped() throws {
        // Given titles of 180 and 181 characters and details of 4,000 and 4,001
        let title180 = String(repeating: "t", count: 180)
        let details4000 = String(repeating: "d", count: 4_000)
        // When members send each
        let longTitle = try send(try member(), title: title180 + "x", details: "Kept")
        let longDetails = try send(try member(), title: "Kept title", details: details4000 + "x")
        let atLimits = try send(try member(), title: title180, details: details4000)
        // Then the ones past a limit are the form again (400) with its message and what was typed
        XCTAssertEqual(longTitle.status, 400)
        XCTAssertTrue(longTitle.text.contains("Use at most 180 characters (this has 181)."), longTitle.text)
        XCTAssertTrue(longTitle.text.contains(title180 + "x"))
        XCTAssertTrue(longTitle.text.contains(">Kept</textarea>"))
        XCTAssertEqual(longDetails.status, 400)
        XCTAssertTrue(longDetails.text.contains("Use at most 4,000 characters (this has 4001)."), longDetails.text)
        XCTAssertTrue(longDetails.text.contains("value=\"Kept title\""))
        // And the one at the limits is filed, alone
        XCTAssertEqual(atLimits.status, 303, atLimits.text)
        XCTAssertEqual(try onlyReport()["pageTitle"] as? String, title180)
    }

    func testAScreenshotOf5MBIsAcceptedAndOneByteMoreIsRefused() throws {
        // Given JPEGs of exactly 5 MB and 5 MB + 1 byte
        let limit = 5 * 1024 * 1024
        let atLimit = try jpeg(ofSize: limit)
        let over = try jpeg(ofSize: limit + 1)
        XCTAssertEqual(atLimit.count, limit)
        // When members send each
        let refused = try send(try member(), screenshot: image("big.jpg", over, "image/jpeg"))
        let accepted = try send(try member(), screenshot: image("ok.jpg", atLimit, "image/jpeg"))
        // Then the larger is refused with the form's message, the other filed with its screenshot
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("larger than 5 MB"), refused.text)
        XCTAssertEqual(accepted.status, 303, accepted.text)
        XCTAssertEqual(try onlyReport()["screenshotStored"] as? Bool, true)
    }

    func testABodyPastTheRoutesLimitIsRefusedFromItsLength() throws {
        // Given a 6 MB upload, past 5 MB and the form's text together
        let body = [UInt8](repeating: 0x41, count: 6 * 1024 * 1024)
        // When a member posts it
        let reply = try send(try member(), screenshot: image("huge.png", body))
        // Then it is 413 before the body is read, and nothing is filed
        XCTAssertEqual(reply.status, 413, reply.text)
        XCTAssertTrue(reply.text.contains("PAYLOAD_TOO_LARGE"))
        XCTAssertEqual(try reports().count, 0)
    }

    func testAFileThatIsNotAnImageOrCannotBeDecodedIsRefusedAndNothingIsFiled() throws {
        // Given a text file named as a PNG, and a PNG cut short after its header
        let png = try TestImages.pillow("gradient_png", "300", "200")
        // When members send each
        let text = try send(try member(), screenshot: image("notes.png", Array("just some notes".utf8)))
        let cut = try send(try member(), screenshot: image("cut.png", Array(png.prefix(120))))
        // Then both are the form again with a clear message, and no report exists
        XCTAssertEqual(text.status, 400)
        XCTAssertTrue(text.text.contains("must be a PNG, JPEG or WebP image"), text.text)
        XCTAssertEqual(cut.status, 400)
        XCTAssertTrue(cut.text.contains("could not be read as an image"), cut.text)
        XCTAssertTrue(cut.text.contains("value=\"Export keywords as CSV\""))
        XCTAssertEqual(try reports().count, 0)
    }

    func testTheSixthAttemptWithinAnHourIs429AndAnHourLaterOneIsAllowedAgain() throws {
        // Given a member who sent five requests
        let ana = try member()
        for n in 1...5 { XCTAssertEqual(try send(ana, title: "Request \(n)").status, 303) }
        // When they send a sixth within the hour
        let sixth = try send(ana, title: "Request 6")
        // Then it is 429 with Retry-After, the form keeping the text, and five reports exist
        XCTAssertEqual(sixth.status, 429)
        XCTAssertEqual(sixth.header("retry-after"), "3600")
        XCTAssertTrue(sixth.text.contains("value=\"Request 6\""))
        XCTAssertEqual(try reports().count, 5)
        // And another member is not held back by them
        XCTAssertEqual(try send(try member(), title: "Someone else").status, 303)
        // And an hour later the first member may send again
        clock.advance(by: 3_600)
        XCTAssertEqual(try send(ana, title: "Request 7").status, 303)
        XCTAssertEqual(try reports().count, 7)
    }

    func testRefusedAttemptsCountTowardTheFivePerHour() throws {
        // Given a member whose five attempts were all refused for a missing title
        let ana = try member()
        for _ in 1...5 { XCTAssertEqual(try send(ana, title: "  ").status, 400) }
        // When they send a good request
        let reply = try send(ana)
        // Then it is 429 and nothing is filed
        XCTAssertEqual(reply.status, 429)
        XCTAssertEqual(try reports().count, 0)
    }

    func testWithoutAFeedbackProjectThePageOffersAnEmailWithTheRequestPrefilled() throws {
        // Given a hub without APPNORTH_FEEDBACK_APP_ID
        try restartIngest(feedbackAppId: nil)
        let ana = try member()
        // When a member opens the page and sends the form
        let page = try ana.get("/dashboard/request-feature")
        let reply = try ana.post(
            "/dashboard/request-feature",
            [("type", "problem"), ("title", "Sync & export?"), ("details", "Line one\r\nÑandú 100%"), ("importance", "medium")])
        // Then the page says so and has no file input, and the answer links a draft to
        // hola@appnorth.app with every field percent-encoded, the screenshot left to attach
        XCTAssertTrue(page.text.contains("send yours to the AppNorth team by email"), page.text)
        XCTAssertFalse(page.text.contains("type=\"file\""))
        XCTAssertEqual(reply.status, 200, reply.text)
        let subject = "Problem%3A%20Sync%20%26%20export%3F"
        let body =
            "Type%3A%20Problem%0D%0AImportance%3A%20Important%0D%0ATitle%3A%20Sync%20%26%20export%3F%0D%0A%0D%0A"
            + "Line%20one%0D%0A%C3%91and%C3%BA%20100%25"
        XCTAssertTrue(reply.text.contains("href=\"mailto:hola@appnorth.app?subject=\(subject)&amp;body=\(body)\""), reply.text)
        XCTAssertTrue(reply.text.contains("Attach a screenshot there by hand"))
        XCTAssertEqual(try reports().count, 0)
    }

    func testAnAppIDThatNamesNoProjectAlsoOffersTheEmail() throws {
        // Given a hub whose APPNORTH_FEEDBACK_APP_ID names no project
        try restartIngest(feedbackAppId: "app_doesnotexist")
        // When a member sends the form
        let reply = try send(try member())
        // Then it prepares the email and files nothing
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertTrue(reply.text.contains("Send by email"))
        XCTAssertEqual(try reports().count, 0)
    }

    func testTheFreePlanCannotSubmitLiveAndIsOfferedTheEmail() throws {
        // Given a member of an organization on the free plan
        let bo = try member("freebie")
        // When they open the page and send a request
        let page = try bo.get("/dashboard/request-feature")
        let reply = try send(bo)
        // Then both say live submission needs a subscription, the post is 403 with the email draft, and nothing is filed
        XCTAssertTrue(page.text.contains("Live submission requires an active subscription"), page.text)
        XCTAssertEqual(reply.status, 403)
        XCTAssertTrue(reply.text.contains("Live submission requires an active subscription"))
        XCTAssertTrue(reply.text.contains("mailto:hola@appnorth.app?subject=New%20feature%3A%20Export%20keywords%20as%20CSV"))
        XCTAssertEqual(try reports().count, 0)
    }

    func testWhenTheScreenshotCannotBeStoredTheTextIsFiledAndTheConfirmationSaysSo() throws {
        // Given an object store where the project's screenshot folder cannot be made
        let folder = admin.hub.config.objectStoreDirectory + "/screenshots"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + destination.id.lowercased(), contents: Data("x".utf8)))
        // When a member sends a request with a screenshot
        let ana = try member()
        let reply = try send(ana, screenshot: image("shot.png", try TestImages.pillow("gradient_png", "300", "200")))
        // Then the report is filed without it and the confirmation says the screenshot was lost
        XCTAssertEqual(reply.status, 303, reply.text)
        let location = try XCTUnwrap(reply.header("location"))
        XCTAssertEqual(location, "/dashboard/request-feature?sent=1&screenshot=lost")
        XCTAssertTrue(try ana.get(location).text.contains("the screenshot could not be stored"))
        XCTAssertEqual(try onlyReport()["screenshotStored"] as? Bool, false)
    }

    func testTheSidebarOffersTheRequestToEveryRole() throws {
        // Given a member with the narrowest role
        let viewer = try admin.pages(as: "vi@acme.example", role: .member, organization: "acme")
        // When they open any page
        let page = try viewer.get("/dashboard/account")
        // Then the sidebar links to the request page
        XCTAssertTrue(page.text.contains("href=\"/dashboard/request-feature\""), page.text)
    }
}
