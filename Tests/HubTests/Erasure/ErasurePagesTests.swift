import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// The dashboard's "Erase this person's data" (docs/privacy.md): from the app's page through a
/// form and a review step to the erasure's page, which shows each part's state and counts and
/// reloads itself while pending; owners and admins only, their own organization's only.
final class ErasurePagesTests: XCTestCase {
    var fixture: ErasureFixture!
    var admin: AdminClient!

    override func setUpWithError() throws {
        fixture = try ErasureFixture()
        admin = AdminClient(hub: fixture.hub)
    }

    override func tearDown() { fixture?.shutdown() }

    static let voter = "page-erase-voter-000001"

    func erasureCount() throws -> Int? { try fixture.ingestDB.scalar("SELECT count(*) FROM erasures").intValue }

    func testAnOwnerErasesAParticipantThroughTheReviewStepAndFollowsItToDone() throws {
        let f = fixture!
        let owner = try admin.pages(as: "ann@example.com")
        let base = "/dashboard/apps/" + f.projectId
        // Given an anonymous participant who chatted with a photo, and photo storage refusing deletes
        try f.chat("PAGE-ERASE-CHAT hello", photo: true, voter: Self.voter)
        try f.waitForEvents()
        let photo = try XCTUnwrap(f.chatDB.scalar("SELECT sent_key FROM images WHERE sent_key IS NOT NULL").stringValue)
        let blocked = try ParticipantErasureTests.Blocked(f.objectsDirectory + "/" + photo)
        // When the owner opens the app's page, then the form
        let app = try owner.get(base)
        XCTAssertEqual(app.status, 200)
        XCTAssertTrue(app.text.contains("href=\"" + base + "/erasures\""), app.text)
        XCTAssertEqual(try owner.get(base + "/erasures").status, 200)
        // And names the participant twice over
        let both = try owner.post(base + "/erasures/review", [("email", "ana@example.com"), ("voterToken", Self.voter)])
        // Then the form comes back saying to give one, and nothing is recorded
        XCTAssertEqual(both.status, 400)
        XCTAssertTrue(both.text.contains("give exactly one of email and voterToken"), both.text)
        XCTAssertEqual(try erasureCount(), 0)
        // When they name the voter token alone
        let review = try owner.post(base + "/erasures/review", [("email", ""), ("voterToken", Self.voter)])
        // Then the review says what goes and what stays, and still nothing is recorded
        XCTAssertEqual(review.status, 200)
        XCTAssertTrue(review.text.contains("Erase their data"))
        XCTAssertTrue(review.text.contains("Deleted user"))
        XCTAssertTrue(review.text.contains("name=\"voterToken\" value=\"" + Self.voter + "\""), review.text)
        XCTAssertEqual(try erasureCount(), 0)
        // When they confirm
        let confirmed = try owner.post(base + "/erasures", [("voterToken", Self.voter)])
        XCTAssertEqual(confirmed.status, 303, confirmed.text)
        let location = try XCTUnwrap(confirmed.header("location"))
        XCTAssertTrue(location.hasPrefix("/dashboard/erasures/"), location)
        XCTAssertEqual(try erasureCount(), 1)
        // Then the erasure's page shows chat pending on the refused photo, and reloads itself
        var page = try owner.get(location).text
        let stuck = try eventually(timeout: 20, every: 0.05) {
            page = try owner.get(location).text
            return page.contains("Will retry after: OBJECTS_UNAVAILABLE")
        }
        XCTAssertTrue(stuck, page)
        XCTAssertTrue(page.contains("http-equiv=\"refresh\""), page)
        // When storage is back and the job runs again
        try blocked.restore()
        try f.runErasureJob()
        // Then the page shows every part done with what it erased, and stops reloading
        let done = try eventually(timeout: 20, every: 0.05) {
            page = try owner.get(location).text
            return page.contains("Nothing here names the person any more.")
        }
        XCTAssertTrue(done, page)
        XCTAssertFalse(page.contains("http-equiv=\"refresh\""), page)
        XCTAssertFalse(page.contains(Self.voter))
        XCTAssertTrue(page.contains("conversations: 1"), page)
        XCTAssertTrue(page.contains("photos: 1"), page)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.objectsDirectory + "/" + photo))
    }

    func testMembersAndOtherOrganizationsCannotEraseOrFollow() throws {
        let f = fixture!
        let created = try f.erase(["voterToken": Self.voter])
        let id = try XCTUnwrap(created.json["id"] as? String)
        let base = "/dashboard/apps/" + f.projectId
        // Given a member of the organization
        let member = try admin.pages(as: "bo@example.com", role: .member)
        // When they open the app, the form, post it, or open the erasure
        let app = try member.get(base)
        let replies = [
            try member.get(base + "/erasures"), try member.post(base + "/erasures/review", [("voterToken", Self.voter)]),
            try member.post(base + "/erasures", [("voterToken", Self.voter)]), try member.get("/dashboard/erasures/" + id),
        ]
        // Then the app's page has no way there and every step is 403, recording nothing
        XCTAssertEqual(app.status, 200)
        XCTAssertFalse(app.text.contains(base + "/erasures"))
        for reply in replies { XCTAssertEqual(reply.status, 403, reply.text) }
        XCTAssertEqual(try erasureCount(), 1)
        // And an owner of another organization finds neither the app nor the erasure
        _ = try admin.createOrganization(slug: "other-org")
        let stranger = try admin.pages(as: "cy@example.com", organization: "other-org")
        XCTAssertEqual(try stranger.get(base + "/erasures").status, 404)
        XCTAssertEqual(try stranger.post(base + "/erasures", [("voterToken", Self.voter)]).status, 404)
        XCTAssertEqual(try stranger.get("/dashboard/erasures/" + id).status, 404)
        XCTAssertEqual(try erasureCount(), 1)
    }
}
