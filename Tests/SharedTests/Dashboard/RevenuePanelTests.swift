import XCTest

@testable import Dashboard

/// The RevenueCat panel of an app's page (docs/revenuecat.md): the six figures with "—" for
/// unknown, the last synchronization, the project-level note, the MRR chart, and the forms only
/// for owners and admins, never holding the secret key.
final class RevenuePanelTests: XCTestCase {
    typealias Probe = PageMarkupProbe
    let appPath = "/dashboard/apps/p1"

    private func connected(manages: Bool = true, latest: [String: Double?]? = nil) -> RevenuePanel {
        RevenuePanel(
            state: .connected(.init(projectId: "proj1a2b3c4d", projectName: "Trails <iOS>", lastError: nil)), currency: "EUR",
            syncedAt: "2026-11-30T09:15:02.123Z",
            latest: latest ?? ["mrr": 1_234.5, "revenue": 4_321, "active_subscriptions": 150, "active_trials": nil, "new_customers": 310],
            mrr: [.init(date: "2026-11-29", value: 1_200), .init(date: "2026-11-30", value: 1_234.5)], canManage: manages)
    }

    func testTheFiguresShowTheCurrencyAndUnknownOnesAsADash() {
        // When a connected panel is drawn with active trials unknown and active users absent
        let markup = connected().html(appPath: appPath, token: Probe.token).markup
        // Then the known figures are there in the provider's currency, and both unknown ones are "—", never 0
        XCTAssertTrue(markup.contains("<dd>EUR 1,234.50</dd>"), markup)
        XCTAssertTrue(markup.contains("<dd>150</dd>"))
        XCTAssertEqual(Probe.count("<span title=\"Unknown\">—</span>", in: markup), 2)
        // And the synchronization time, the project-level note, the project (escaped) and the chart
        XCTAssertTrue(markup.contains("2026-11-30 09:15 UTC"))
        XCTAssertTrue(markup.contains("project-level metrics"))
        XCTAssertTrue(markup.contains("Trails &lt;iOS&gt;"))
        XCTAssertTrue(markup.contains("<svg class=\"chart\""))
        Probe.assertSafe(markup)
    }

    func testOwnersChangeTheKeyAndDisconnectInTwoStepsMembersOnlyRead() {
        // When an owner's panel is drawn, then the disconnect's second step
        let owner = connected().html(appPath: appPath, token: Probe.token).markup
        var confirming = connected()
        confirming.confirmingDisconnect = true
        let second = confirming.html(appPath: appPath, token: Probe.token).markup
        // Then Change key posts the key form, and Disconnect first asks, then carries confirm=1
        XCTAssertEqual(Probe.postActions(owner), [appPath + "/revenuecat", appPath + "/revenuecat/disconnect"])
        XCTAssertTrue(owner.contains("Change key"))
        XCTAssertFalse(owner.contains("name=\"confirm\""))
        XCTAssertTrue(second.contains("name=\"confirm\" value=\"1\""))
        XCTAssertTrue(second.contains("snapshots collected so far stay as history"))
        // And a member sees the figures without any form
        let member = connected(manages: false).html(appPath: appPath, token: Probe.token).markup
        XCTAssertEqual(Probe.postActions(member), [])
        XCTAssertTrue(member.contains("EUR 1,234.50"))
    }

    func testAProjectChoiceIsOfferedAsRadiosAndTheKeyIsAskedAgain() {
        // Given a refused connect whose key sees two projects
        let panel = RevenuePanel(
            state: .notConnected, canManage: true,
            choices: [.init(id: "projTrails01", name: "Trails iOS"), .init(id: "projSketch02", name: "Sketch Pad")])
        // When it is drawn
        let markup = panel.html(appPath: appPath, token: Probe.token).markup
        // Then both projects are radio buttons of projectId, and the key field is empty, a password field
        XCTAssertTrue(markup.contains("type=\"radio\" name=\"projectId\" value=\"projTrails01\""))
        XCTAssertTrue(markup.contains("type=\"radio\" name=\"projectId\" value=\"projSketch02\""))
        XCTAssertTrue(markup.contains("type=\"password\" name=\"secretKey\""))
        XCTAssertFalse(markup.contains("sk_"))
        XCTAssertFalse(markup.contains("name=\"secretKey\" value="))
        XCTAssertTrue(markup.contains("Paste the key again"))
    }

    func testWithoutASnapshotNothingIsShownAsZero() {
        // Given a connection without any snapshot yet
        let panel = RevenuePanel(
            state: .connected(.init(projectId: "proj1", projectName: "Trails", lastError: "PROVIDER_RATE_LIMITED: retry")), canManage: false
        )
        let markup = panel.html(appPath: appPath, token: Probe.token).markup
        // Then it says so, with the failure, and draws no figure or chart
        XCTAssertTrue(markup.contains("No snapshot yet."))
        XCTAssertTrue(markup.contains("The last synchronization failed: PROVIDER_RATE_LIMITED"))
        XCTAssertFalse(markup.contains("<dd>0</dd>"))
        XCTAssertFalse(markup.contains("<svg"))
        XCTAssertTrue(markup.contains("Last synchronization: never"))
    }
}
