import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// Settings → Delete this account (docs/privacy.md, "Delete an account"): owners only; the
/// organization's name typed exactly records the same account erasure as the operator API,
/// answers with a final page naming it and signs the owner out; the account's pages are refused
/// while it runs and its sessions are gone after.
final class AccountDeletionPagesTests: XCTestCase {
    var fixture: ErasureFixture!
    var admin: AdminClient!
    static let path = "/dashboard/settings/delete-account"

    override func setUpWithError() throws {
        fixture = try ErasureFixture()
        try fixture.hub.start([.asod, .marketd])
        admin = AdminClient(hub: fixture.hub)
    }

    override func tearDown() { fixture?.shutdown() }

    func erasureCount() throws -> Int? { try fixture.ingestDB.scalar("SELECT count(*) FROM erasures").intValue }

    func organizationName() throws -> String {
        let store = fixture.hub.app!.store
        let organizationId = try XCTUnwrap(store.authenticate(token: OperatorAPI.token)?.organizationId)
        return try XCTUnwrap(store.organization(id: organizationId)).name
    }

    func testAnOwnerDeletesTheAccountOnlyWithItsNameTypedExactly() throws {
        let f = fixture!
        let name = try organizationName()
        let owner = try admin.pages(as: "olive@example.com")
        let colleague = try admin.pages(as: "ada@example.com", role: .admin)
        // When the owner opens Settings, then the deletion page
        let settings = try owner.get("/dashboard/settings")
        let page = try owner.get(Self.path)
        // Then Settings leads there, and the page says what goes, links to the privacy page and asks for the name
        XCTAssertTrue(settings.text.contains("href=\"\(Self.path)\""), settings.text)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("Support chats with their messages and photos"), page.text)
        XCTAssertTrue(page.text.contains("href=\"https://www.appnorth.app/docs/privacy#account-erasure\""), page.text)
        XCTAssertTrue(page.text.contains("name=\"confirm\""), page.text)

        // When they type another name, the name in other letters' case, or nothing
        for typed in ["Not the name", name.uppercased() == name ? name.lowercased() : name.uppercased(), ""] {
            let refused = try owner.post(Self.path, [("confirm", typed)])
            // Then the form comes back with the problem, nothing is recorded and they stay signed in
            XCTAssertEqual(refused.status, 400, typed)
            XCTAssertTrue(refused.text.contains("must be the organization&#39;s name, exactly"), refused.text)
            XCTAssertEqual(try erasureCount(), 0)
            XCTAssertEqual(try owner.get("/dashboard/settings").status, 200)
        }

        // When they type it exactly, while the erasure job is held so that it is still running
        let cookie = try XCTUnwrap(owner.cookie)
        let (done, id, closed) = try f.holdingErasureJob {
            let done = try owner.post(Self.path, [("confirm", name)])
            let id = try f.ingestDB.scalar("SELECT id FROM erasures WHERE subject_kind = 'organization'").stringValue
            return (done, id, try colleague.get("/dashboard/settings"))
        }
        // Then one account erasure is recorded, and the answer names it and clears the session cookie
        XCTAssertEqual(done.status, 200, done.text)
        XCTAssertEqual(try erasureCount(), 1)
        let erasureId = try XCTUnwrap(id)
        XCTAssertTrue(done.text.contains("Your account is being deleted"), done.text)
        XCTAssertTrue(done.text.contains(erasureId), done.text)
        XCTAssertTrue(done.text.contains("GET /api/admin/v1/erasures/" + erasureId), done.text)
        XCTAssertTrue(done.header("set-cookie")?.contains("Max-Age=0") == true, "\(done.headers)")
        XCTAssertNil(owner.cookie)
        // And the owner's old cookie no longer signs in, while the colleague's is refused as erasing
        let old = PageSession(hub: f.hub, cookie: cookie)
        XCTAssertEqual(try old.get("/dashboard/settings").status, 303)
        XCTAssertEqual(closed.status, 409, closed.text)
        XCTAssertTrue(closed.text.contains("ACCOUNT_ERASING"), closed.text)

        // When the job has run
        let finished = try eventually(timeout: 20, every: 0.05) {
            try f.ingestDB.scalar("SELECT state FROM erasures WHERE id = ?", [.text(erasureId)]).stringValue == "done"
        }
        XCTAssertTrue(finished, "the account erasure never finished")
        // Then the colleague's session is gone too: the dashboard sends them to sign in
        let gone = try colleague.get("/dashboard/settings")
        XCTAssertEqual(gone.status, 303, gone.text)
        XCTAssertTrue(gone.header("location")?.hasPrefix("/login") == true, "\(gone.headers)")
    }

    func testAdminsAndMembersCannotDeleteTheAccount() throws {
        let name = try organizationName()
        // Given an admin and a member of the organization
        let colleague = try admin.pages(as: "ada@example.com", role: .admin)
        let member = try admin.pages(as: "bo@example.com", role: .member)
        // When the admin opens Settings
        let settings = try colleague.get("/dashboard/settings")
        // Then it offers no deletion
        XCTAssertEqual(settings.status, 200)
        XCTAssertFalse(settings.text.contains(Self.path), settings.text)
        // When either opens the page or posts the exact name
        for session in [colleague, member] {
            let page = try session.get(Self.path)
            let posted = try session.post(Self.path, [("confirm", name)])
            // Then both are 403, and nothing is recorded
            XCTAssertEqual(page.status, 403, page.text)
            XCTAssertEqual(posted.status, 403, posted.text)
        }
        XCTAssertEqual(try erasureCount(), 0)
        XCTAssertEqual(try colleague.get("/dashboard/settings").status, 200)
    }
}
