import XCTest

@testable import Dashboard

/// Issue 20, Settings: members and roles, invitations and API tokens. Owners and admins manage
/// members and tokens, only owners touch owners, the last owner stays one, and a link or token
/// is shown in the answer that made it only.
final class SettingsPageTests: XCTestCase {
    typealias Probe = PageMarkupProbe
    typealias Member = SettingsPage.Member

    let you = Member(
        id: "m-you", name: "Ana", email: "ana@example.com", role: "owner", lastSignedInAt: "2026-11-30T09:15:02.123Z",
        joinedAt: "2026-11-01T00:00:00.000Z", isYou: true)
    let owner = Member(
        id: "m-owner", name: "Bo", email: "bo@example.com", role: "owner", lastSignedInAt: nil, joinedAt: "2026-11-02T00:00:00.000Z",
        isYou: false)
    let admin = Member(
        id: "m-admin", name: "Cy", email: "cy@example.com", role: "admin", lastSignedInAt: nil, joinedAt: "2026-11-03T00:00:00.000Z",
        isYou: false)
    let member = Member(
        id: "m-member", name: "<script>alert(1)</script>", email: "di@example.com", role: "member", lastSignedInAt: nil,
        joinedAt: "2026-11-04T00:00:00.000Z", isYou: false)

    func page(
        members: [Member]? = nil, owners: Bool = true, manages: Bool = true, tokens: [SettingsPage.Token] = [],
        invitations: [SettingsPage.Invitation] = [], created: SettingsPage.Created? = nil
    ) -> SettingsPage {
        SettingsPage(
            organizationName: "Acme", members: members ?? [you, owner, admin, member], invitations: invitations, tokens: tokens,
            canManageMembers: manages, canManageOwners: owners && manages, canManageTokens: manages, created: created)
    }

    func testAnOwnerManagesEveryoneButThemselvesWithTheFormToken() {
        // Given an owner's view of two owners, an admin and a member
        let markup = page().html(viewer: Probe.viewer(role: "owner")).markup
        let actions = Probe.postActions(markup)
        // Then every other member's role can change and they can be removed, the viewer's own cannot
        for id in ["m-owner", "m-admin", "m-member"] {
            XCTAssertTrue(actions.contains("/dashboard/settings/members/" + id), id)
            XCTAssertTrue(actions.contains("/dashboard/settings/members/" + id + "/remove"), id)
        }
        XCTAssertFalse(actions.contains { $0.contains("m-you") })
        // And invitations and tokens are made here
        XCTAssertTrue(actions.contains("/dashboard/settings/invitations"))
        XCTAssertTrue(actions.contains("/dashboard/settings/tokens"))
        XCTAssertTrue(markup.contains("<option value=\"owner\">Owner</option>"))
        // And removing asks first, naming the member as text
        XCTAssertTrue(
            markup.contains(
                "data-confirm=\"Remove &lt;script&gt;alert(1)&lt;/script&gt;? Their sessions and API tokens stop working at once.\""))
        Probe.assertSafe(markup)
    }

    func testAnAdminCannotTouchOwnersOrMakeOne() {
        // Given an admin's view (no manageOwners)
        let admins = [
            Member(id: "m-you", name: "Ana", email: "ana@example.com", role: "admin", lastSignedInAt: nil, joinedAt: "x", isYou: true),
            owner, member,
        ]
        let invitation = SettingsPage.Invitation(
            id: "i-owner", email: "new@example.com", role: "owner", expiresAt: "2026-12-07T09:15:02.123Z", invitedBy: "Bo")
        let markup = page(members: admins, owners: false, invitations: [invitation]).html(viewer: Probe.viewer(role: "admin")).markup
        let actions = Probe.postActions(markup)
        // Then the owner has no controls, the member does, and owner is never offered
        XCTAssertFalse(actions.contains { $0.contains("m-owner") })
        XCTAssertTrue(actions.contains("/dashboard/settings/members/m-member"))
        XCTAssertFalse(markup.contains("value=\"owner\""))
        // And an owner's invitation cannot be revoked by an admin
        XCTAssertFalse(actions.contains("/dashboard/settings/invitations/i-owner/revoke"))
        Probe.assertSafe(markup)
    }

    func testTheOnlyOwnerKeepsTheRole() {
        // Given an admin's view with one owner, and an owner's view with two
        let adminYou = Member(
            id: "m-you", name: "Ana", email: "ana@example.com", role: "admin", lastSignedInAt: nil, joinedAt: "x", isYou: true)
        let one = page(members: [adminYou, owner], owners: false).html(viewer: Probe.viewer(role: "admin")).markup
        let two = page(members: [you, owner]).html(viewer: Probe.viewer(role: "owner")).markup
        // Then the one owner is marked as such, and the second of two can be changed
        XCTAssertTrue(one.contains("The only owner: make someone else owner first."))
        XCTAssertFalse(two.contains("The only owner"))
        XCTAssertTrue(Probe.postActions(two).contains("/dashboard/settings/members/m-owner/remove"))
        // And an owner's own row has no controls, however many owners there are
        XCTAssertFalse(Probe.postActions(two).contains { $0.contains("m-you") })
    }

    func testAMembersViewHasNoManagementAtAll() {
        // Given a view without any manage permission
        let markup = page(manages: false).html(viewer: Probe.viewer(role: "member", sections: [.inbox, .settings])).markup
        // Then nothing posts but signing out, and invitations and tokens are not on the page
        XCTAssertEqual(Probe.postActions(markup), ["/logout"])
        XCTAssertFalse(markup.contains("id=\"invitations\""))
        XCTAssertFalse(markup.contains("id=\"tokens\""))
        XCTAssertTrue(markup.contains("bo@example.com"))
    }

    func testAnInvitationLinkIsShownOnceWithItsExpiry() {
        // Given the answer to creating an invitation, and the page after it
        let url = "https://hub.example.com/invite/Zx81kQ"
        let fresh = page(created: .invitation(email: "new@example.com", role: "admin", url: url, expiresAt: "2026-12-07T09:15:02.123Z"))
            .html(viewer: Probe.viewer(role: "owner")).markup
        let later = page().html(viewer: Probe.viewer(role: "owner")).markup
        // Then the link is there once, with its role and expiry; later it is not
        XCTAssertEqual(Probe.count(url, in: fresh), 1)
        XCTAssertTrue(fresh.contains("it is shown only this once. It makes them admin of Acme, works once and expires "))
        XCTAssertTrue(fresh.contains("2026-12-07 09:15 UTC"))
        XCTAssertFalse(later.contains(url))
        // And with no pending invitations the list says so
        XCTAssertTrue(later.contains("No pending invitations."))
    }

    func testPendingInvitationsCanBeRevoked() {
        let invitations = [
            SettingsPage.Invitation(
                id: "i1", email: "<b>eve</b>@example.com", role: "member", expiresAt: "2026-12-07T09:15:02.123Z", invitedBy: "Ana"),
            SettingsPage.Invitation(
                id: "i2", email: "fay@example.com", role: "owner", expiresAt: "2026-12-08T09:15:02.123Z", invitedBy: nil, kind: "setup"),
        ]
        // When an owner looks at them
        let markup = page(invitations: invitations).html(viewer: Probe.viewer(role: "owner")).markup
        // Then each can be revoked, the email is text and a setup link is named as one
        XCTAssertTrue(Probe.postActions(markup).contains("/dashboard/settings/invitations/i1/revoke"))
        XCTAssertTrue(Probe.postActions(markup).contains("/dashboard/settings/invitations/i2/revoke"))
        XCTAssertTrue(markup.contains("&lt;b&gt;eve&lt;/b&gt;@example.com"))
        XCTAssertTrue(markup.contains("Setup link"))
        XCTAssertFalse(markup.contains("No pending invitations."))
        Probe.assertSafe(markup)
    }

    func testATokenValueIsShownOnceAndNeverAfter() {
        // Given the answer to creating a token
        let value = "an_0123456789abcdef0123456789abcdef"
        let fresh = page(created: .token(name: "<CI>", scope: "write", value: value)).html(viewer: Probe.viewer(role: "admin")).markup
        // Then the value is there once, under its name as text
        XCTAssertEqual(Probe.count(value, in: fresh), 1)
        XCTAssertTrue(fresh.contains("API token “&lt;CI&gt;”"))
        XCTAssertTrue(fresh.contains("Copy it now: it is shown only this once. It can read and change"))
        // And the list shows only the prefix
        let listed = SettingsPage.Token(
            id: "t1", name: "CI", prefix: "an_0123", scope: "write", author: .member(name: "Ana", role: "admin"),
            createdAt: "2026-11-30T09:15:02.123Z", lastUsedAt: nil, revokedAt: nil)
        let later = page(tokens: [listed]).html(viewer: Probe.viewer(role: "admin")).markup
        XCTAssertFalse(later.contains(value))
        XCTAssertTrue(later.contains("<code>an_0123…</code>"))
    }

    func testTokensShowUseAuthorAndRefusalStates() {
        func token(_ id: String, scope: String, author: SettingsPage.TokenAuthor, used: String? = nil, revoked: String? = nil)
            -> SettingsPage.Token
        {
            SettingsPage.Token(
                id: id, name: "token " + id, prefix: "an_" + id, scope: scope, author: author, createdAt: "2026-11-01T00:00:00.000Z",
                lastUsedAt: used, revokedAt: revoked)
        }
        let tokens = [
            token("used", scope: "read", author: .member(name: "Ana", role: "member"), used: "2026-11-30T09:15:02.123Z"),
            token("idle", scope: "write", author: .member(name: "Di", role: "member")),
            token("gone", scope: "write", author: .removed),
            token("first", scope: "write", author: .organization),
            token("old", scope: "read", author: .organization, revoked: "2026-11-20T10:00:00.000Z"),
        ]
        // When an owner lists them
        let markup = page(tokens: tokens).html(viewer: Probe.viewer(role: "owner")).markup
        let actions = Probe.postActions(markup)
        // Then last use is a time or "Never"
        XCTAssertTrue(markup.contains("2026-11-30 09:15 UTC"))
        XCTAssertTrue(markup.contains("<span class=\"muted\">Never</span>"))
        // And a member's write token says its writes are refused, a member's read token does not
        XCTAssertEqual(Probe.count("Writes refused: a member&#39;s token may only read", in: markup), 1)
        // And a token whose author left says it is refused; the organization's acts as owner
        XCTAssertTrue(markup.contains("Author left: refused"))
        XCTAssertTrue(markup.contains("Organization (acts as owner)"))
        // And live tokens can be revoked, the revoked one is folded away without a button
        for id in ["used", "idle", "gone", "first"] { XCTAssertTrue(actions.contains("/dashboard/settings/tokens/" + id + "/revoke"), id) }
        XCTAssertFalse(actions.contains("/dashboard/settings/tokens/old/revoke"))
        XCTAssertTrue(markup.contains("<summary class=\"small\">1 revoked token</summary>"))
        Probe.assertSafe(markup)
    }

    func testNoTokensIsAnEmptyStateWithTheCreateForm() {
        let markup = page(tokens: []).html(viewer: Probe.viewer(role: "owner")).markup
        XCTAssertTrue(markup.contains("No active tokens."))
        XCTAssertFalse(markup.contains("revoked token"))
        XCTAssertTrue(markup.contains("name=\"scope\" value=\"read\" required checked"))
        XCTAssertTrue(markup.contains("name=\"scope\" value=\"write\" required>"))
    }

    func testARefusedInvitationKeepsTheEmailAndNamesTheProblem() {
        var refused = page()
        refused.inviteDraft = .init(email: "not-an-email", role: "admin")
        refused.inviteProblems = FormProblems(["email": ["must be an email address of at most 320 characters"]])
        let markup = refused.html(viewer: Probe.viewer(role: "owner")).markup
        XCTAssertTrue(markup.contains("name=\"email\" value=\"not-an-email\" id=\"invite-email\" aria-invalid=\"true\""))
        XCTAssertTrue(markup.contains("must be an email address of at most 320 characters"))
        XCTAssertTrue(markup.contains("name=\"role\" value=\"admin\" required checked"))
    }
}
