import XCTest

@testable import Dashboard

/// Issue 20, Apps: the list and create form, and an app's install page (App ID, SDK snippet,
/// settings, identity secret shown once, APNs key never shown), with what a member may not
/// change absent from the page.
final class AppPagesTests: XCTestCase {
    typealias Probe = PageMarkupProbe
    let hostile = "<img src=x onerror=alert(1)>"

    func app(
        settings: AppPage.Settings? = nil, identityConfigured: Bool = true, push: AppPage.Push = .notConfigured, manages: Bool = true,
        newSecret: String? = nil
    ) -> AppPage {
        AppPage(
            projectId: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", appId: "app_k3x9", serverURL: "https://hub.example.com",
            settings: settings
                ?? AppPage.Settings(
                    name: "Trail Log", allowedOrigins: ["http://localhost"], chatMode: "identified", automaticReviewRequests: false,
                    languages: ["en", "es"], watermark: true),
            identityConfigured: identityConfigured, push: push, canManageApps: manages, canManageCredentials: manages,
            newIdentitySecret: newSecret)
    }

    func testTheListLinksEachAppByProjectAndShowsItsAppIdWithTheNameAsText() {
        // Given an app whose name is markup
        let page = AppsPage(
            apps: [
                .init(
                    id: "p1", name: hostile, appId: "app_k3x9", chatMode: "anyone", identityConfigured: false,
                    createdAt: "2026-11-30T09:15:02.123Z")
            ],
            canCreate: true)
        // When the list is drawn
        let markup = page.html(viewer: Probe.viewer(role: "owner")).markup
        // Then the name is text, the row opens the app's page and shows the public App ID
        XCTAssertTrue(markup.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertTrue(markup.contains("href=\"/dashboard/apps/p1\""))
        XCTAssertTrue(markup.contains("<code>app_k3x9</code>"))
        XCTAssertTrue(markup.contains("2026-11-30 09:15 UTC"))
        Probe.assertSafe(markup)
    }

    func testOnlyARoleThatManagesAppsGetsTheCreateForm() {
        // Given no apps yet
        for (canCreate, role) in [(true, "admin"), (false, "member")] {
            // When the list is drawn for each role
            let markup = AppsPage(apps: [], canCreate: canCreate).html(viewer: Probe.viewer(role: role)).markup
            // Then the empty state says what to do next, and only a manager can post a new app
            XCTAssertTrue(markup.contains("No apps yet."), role)
            XCTAssertEqual(Probe.postActions(markup).contains("/dashboard/apps"), canCreate, role)
            XCTAssertEqual(markup.contains("Create one below"), canCreate, role)
            XCTAssertEqual(markup.contains("An owner or admin of your organization can create one."), !canCreate, role)
            Probe.assertSafe(markup)
        }
    }

    func testARefusedCreateKeepsWhatWasTypedAndSaysWhatIsWrongByLine() {
        // Given a post the hub refused: the second origin has a path
        let page = AppsPage(
            apps: [], canCreate: true,
            draft: .init(name: hostile, allowedOrigins: "http://localhost\nhttps://example.com/app", chatMode: "anyone"),
            problems: FormProblems(["allowedOrigins[1]": ["must be scheme://host[:port]"]]))
        // When the page is drawn again
        let markup = page.html(viewer: Probe.viewer(role: "owner")).markup
        // Then the values are back as text, the problem names its line and marks its field
        XCTAssertTrue(markup.contains("value=\"&lt;img src=x onerror=alert(1)&gt;\""))
        XCTAssertTrue(markup.contains(">http://localhost\nhttps://example.com/app</textarea>"))
        XCTAssertTrue(markup.contains("<div>Line 2: must be scheme://host[:port]</div>"))
        XCTAssertTrue(
            markup.contains("id=\"app-origins\" aria-invalid=\"true\" aria-describedby=\"app-origins-problems app-origins-hint\""))
        XCTAssertTrue(markup.contains("value=\"anyone\" required checked"))
        Probe.assertSafe(markup)
    }

    func testTheInstallSnippetCarriesThisAppsIdServerAndAnAllowedOrigin() {
        // Given an app that allows one web origin and not localhost
        var settings = app().settings
        settings.allowedOrigins = ["https://trail.example.com"]
        // When its page is drawn for a member
        let markup = app(settings: settings, manages: false).html(viewer: Probe.viewer(role: "member")).markup
        // Then the Swift snippet is filled in with the App ID, server URL and that origin
        for line in [
            "apiURL: URL(string: \"https://hub.example.com\")!,", "appId: \"app_k3x9\",",
            "origin: URL(string: \"https://trail.example.com\")!",
            "let client = AppNorthClient(configuration: configuration)",
        ] {
            XCTAssertTrue(markup.contains(HTML.escape(line)), line)
        }
        XCTAssertTrue(markup.contains("https://github.com/victorgxn/appnorth-ios"))
        // And the internal Project ID is told apart from the public App ID
        XCTAssertTrue(markup.contains("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"))
        XCTAssertTrue(markup.contains("Internal: your backend signs identities with it. Not for the app."))
        // And with localhost allowed too, the snippet uses localhost, as the SDK's guide does
        settings.allowedOrigins = ["https://trail.example.com", "http://localhost"]
        let local = app(settings: settings).html(viewer: Probe.viewer(role: "owner")).markup
        XCTAssertTrue(local.contains(HTML.escape("origin: URL(string: \"http://localhost\")!")))
    }

    func testAMemberSeesTheInstallPageButNoControlThatChangesTheApp() {
        // Given a member's view of a configured app
        let key = AppPage.PushKey(
            keyId: "ABC123DEFG", teamId: "TEAM123456", bundleId: "com.example.trail", environment: "production",
            updatedAt: "2026-11-30T09:15:02.123Z")
        let markup = app(push: .configured(key), manages: false).html(viewer: Probe.viewer(role: "member")).markup
        // Then the only form that posts is signing out
        XCTAssertEqual(Probe.postActions(markup), ["/logout"])
        // And the settings and credentials are facts, saying who changes them
        XCTAssertTrue(markup.contains("Owners and admins change these settings."))
        XCTAssertTrue(markup.contains("Owners and admins create and rotate it."))
        XCTAssertTrue(markup.contains("Owners and admins upload and remove the key."))
        XCTAssertTrue(markup.contains("<code>ABC123DEFG</code>"))
        XCTAssertFalse(markup.contains("type=\"file\""))
        Probe.assertSafe(markup)
    }

    func testAnOwnerGetsEveryFormOfTheAppEachWithTheFormToken() {
        // Given an owner's view of an app without push credentials
        let markup = app(push: .notConfigured).html(viewer: Probe.viewer(role: "owner")).markup
        // Then settings, identity secret and key upload post to the app's routes
        let base = "/dashboard/apps/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
        XCTAssertEqual(Set(Probe.postActions(markup)), [base, base + "/identity-secret", base + "/push-credentials", "/logout"])
        // And the key goes up as a multipart .p8 file under the operator API's field names
        XCTAssertTrue(markup.contains("<form method=\"post\" action=\"" + base + "/push-credentials\" enctype=\"multipart/form-data\">"))
        XCTAssertTrue(markup.contains("type=\"file\" name=\"privateKey\""))
        XCTAssertTrue(markup.contains("accept=\".p8\""))
        for field in ["keyId", "teamId", "bundleId"] { XCTAssertTrue(markup.contains("name=\"" + field + "\""), field) }
        XCTAssertTrue(markup.contains("name=\"environment\" value=\"sandbox\""))
        XCTAssertTrue(markup.contains("name=\"environment\" value=\"production\""))
        // And the settings form holds every setting
        for field in ["name", "allowedOrigins", "chatMode", "languages", "automaticReviewRequests", "watermark"] {
            XCTAssertTrue(markup.contains("name=\"" + field + "\""), field)
        }
        XCTAssertTrue(markup.contains("value=\"en, es\""))
        XCTAssertTrue(markup.contains("name=\"watermark\" value=\"1\" checked"))
        XCTAssertTrue(markup.contains("name=\"automaticReviewRequests\" value=\"1\">"))
        Probe.assertSafe(markup)
    }

    func testTheIdentitySecretIsShownOnlyInTheAnswerThatMadeIt() {
        // Given the page right after rotating, and the same page later
        let fresh = app(newSecret: "b7f3c0ffee").html(viewer: Probe.viewer(role: "owner")).markup
        let later = app().html(viewer: Probe.viewer(role: "owner")).markup
        // Then the secret is there once, saying it will not be shown again, and never later
        XCTAssertEqual(Probe.count("b7f3c0ffee", in: fresh), 1)
        XCTAssertTrue(fresh.contains("it is shown only this once"))
        XCTAssertFalse(later.contains("b7f3c0ffee"))
        // And a set secret is rotated after a warning, a missing one created without
        XCTAssertTrue(
            later.contains("data-confirm=\"Rotate the identity secret? Signatures made with the current one stop working at once.\""))
        XCTAssertTrue(later.contains(">Rotate secret<"))
        let unset = app(identityConfigured: false).html(viewer: Probe.viewer(role: "owner")).markup
        XCTAssertTrue(unset.contains(">Create secret<"))
        XCTAssertFalse(unset.contains("data-confirm=\"Rotate"))
    }

    func testChatForVerifiedUsersWithoutASecretIsFlaggedFirst() {
        let warning = "Chat is for verified users, but this app has no identity secret yet"
        // Given identified chat without a secret: the page warns, and tells a member whom to ask
        XCTAssertTrue(app(identityConfigured: false).html(viewer: Probe.viewer(role: "owner")).markup.contains(warning))
        let member = app(identityConfigured: false, manages: false).html(viewer: Probe.viewer(role: "member")).markup
        XCTAssertTrue(member.contains("Ask an owner or admin to create it."))
        // And with the secret, or with chat open to anyone, it does not
        XCTAssertFalse(app(identityConfigured: true).html(viewer: Probe.viewer(role: "owner")).markup.contains(warning))
        var anyone = app().settings
        anyone.chatMode = "anyone"
        XCTAssertFalse(app(settings: anyone, identityConfigured: false).html(viewer: Probe.viewer(role: "owner")).markup.contains(warning))
    }

    func testTheAPNsKeyIsDescribedButNeverShownAndCanBeReplacedOrRemoved() {
        // Given stored credentials
        let key = AppPage.PushKey(
            keyId: "ABC123DEFG", teamId: "TEAM123456", bundleId: "com.example.trail", environment: "sandbox",
            updatedAt: "2026-11-30T09:15:02.123Z")
        let markup = app(push: .configured(key)).html(viewer: Probe.viewer(role: "admin")).markup
        // Then its IDs are listed, no private key appears, and removing it asks first
        XCTAssertTrue(markup.contains("<code>TEAM123456</code>"))
        XCTAssertTrue(markup.contains("<dd>Sandbox</dd>"))
        XCTAssertFalse(markup.contains("BEGIN PRIVATE KEY"))
        XCTAssertTrue(
            markup.contains("action=\"/dashboard/apps/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/push-credentials/delete\" data-confirm="))
        // And the replacement form starts from the stored IDs, folded away until a problem opens it
        XCTAssertTrue(markup.contains("name=\"keyId\" value=\"ABC123DEFG\""))
        XCTAssertTrue(markup.contains("<details><summary>Replace the key</summary>"))
        var refused = app(push: .configured(key))
        refused.pushProblems = FormProblems(["privateKey": ["must be the PKCS#8 PEM of an APNs .p8 key (EC P-256)"]])
        let again = refused.html(viewer: Probe.viewer(role: "admin")).markup
        XCTAssertTrue(again.contains("<details open><summary>Replace the key</summary>"))
        XCTAssertTrue(again.contains("must be the PKCS#8 PEM of an APNs .p8 key (EC P-256)"))
        Probe.assertSafe(again)
    }

    func testAPushServiceThatDidNotAnswerLeavesTheRestOfThePageWorking() {
        // Given pushd did not answer
        let markup = app(push: .unavailable).html(viewer: Probe.viewer(role: "owner")).markup
        // Then the panel says so and offers no key form, while settings still post
        XCTAssertTrue(markup.contains("The push service did not answer"))
        XCTAssertFalse(Probe.postActions(markup).contains { $0.hasSuffix("/push-credentials") || $0.hasSuffix("/push-credentials/delete") })
        XCTAssertTrue(Probe.postActions(markup).contains("/dashboard/apps/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"))
    }

    func testSettingsTypedByTheTeamRenderAsText() {
        // Given settings sent back after a refused save, with markup in them
        let settings = AppPage.Settings(
            name: hostile, allowedOrigins: ["</textarea><script>x</script>"], chatMode: "disabled", automaticReviewRequests: true,
            languages: ["<b>"], watermark: false)
        for (role, manages) in [("owner", true), ("member", false)] {
            // When the page is drawn as a form and as facts
            let markup = app(settings: settings, manages: manages).html(viewer: Probe.viewer(role: role)).markup
            // Then none of it is markup
            XCTAssertTrue(markup.contains("&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;"), role)
            XCTAssertFalse(markup.contains("<b>"), role)
            Probe.assertSafe(markup)
        }
    }
}
