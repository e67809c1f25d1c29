import Foundation
import XCTest

@testable import IngestService

/// `market_watchlist` as the shared mutation rules apply to it (the seed's "Previsualizar y
/// confirmar cambios"): previews by default, executes only with dry_run=false and confirm=true
/// from a write token of an owner or admin, and never passes the plan's allowance.
final class MCPWatchlistToolTests: XCTestCase {
    var f: MCPFixture!

    override func setUpWithError() throws {
        f = try MCPFixture()
        try f.market.setPlan("pro")
    }

    override func tearDown() { f?.shutdown() }

    func app(_ n: Int) -> String { MarketHubFixture.ids([n])[0] }

    func watched() throws -> [String] {
        try f.call("GET", "/market/watchlist").items.compactMap { $0["adamId"] as? String }
    }

    func testAChangePreviewsUntilDryRunIsFalseAndConfirmIsTrue() throws {
        // When an add is sent with no flags, and with dry_run=false but no confirm
        let preview = try f.call("market_watchlist", ["action": "add", "adamId": app(1), "note": "Check onboarding"])
        let unconfirmed = try f.call("market_watchlist", ["action": "add", "adamId": app(1), "dry_run": false])
        // Then both preview, changing nothing; the second says why
        XCTAssertEqual(preview.structured["dry_run"] as? Bool, true)
        XCTAssertEqual(preview.structured["executed"] as? Bool, false)
        XCTAssertTrue(preview.diff["before"] is NSNull)
        XCTAssertEqual((preview.diff["after"] as? [String: Any])?["note"] as? String, "Check onboarding")
        XCTAssertEqual(unconfirmed.structured["dry_run"] as? Bool, true)
        XCTAssertEqual(unconfirmed.warnings.first, "Nothing was changed: executing needs dry_run=false and confirm=true.")
        XCTAssertEqual(try watched(), [])
        // When it is sent again with both flags
        let executed = try f.call(
            "market_watchlist", ["action": "add", "adamId": app(1), "note": "Check onboarding", "dry_run": false, "confirm": true])
        // Then the app is watched, and the diff shows it as stored
        XCTAssertEqual(executed.structured["executed"] as? Bool, true)
        XCTAssertEqual((executed.diff["after"] as? [String: Any])?["name"] as? String, "App \(app(1))")
        XCTAssertEqual(try watched(), [app(1)])
        // And list answers it with the plan's allowance; a remove previews, then executes
        let list = try f.call("market_watchlist", ["action": "list"])
        XCTAssertEqual((list.structured["items"] as? [[String: Any]])?.first?["note"] as? String, "Check onboarding")
        XCTAssertEqual(list.structured["allowance"] as? Int, 5)
        let removal = try f.call("market_watchlist", ["action": "remove", "adamId": app(1)])
        XCTAssertEqual((removal.diff["before"] as? [String: Any])?["adamId"] as? String, app(1))
        XCTAssertEqual(try watched(), [app(1)])
        XCTAssertEqual(
            try f.call("market_watchlist", ["action": "remove", "adamId": app(1), "dry_run": false, "confirm": true]).structured["executed"]
                as? Bool, true)
        XCTAssertEqual(try watched(), [])
    }

    func testAReadTokenOrAMembersTokenPreviewsButCannotExecute() throws {
        // Given a read token, the write token of an admin made a member since, and an admin's write token
        let read = try f.createToken(name: "reader", scope: "read")
        let member = try f.memberToken("ann@example.com", role: .admin, scope: .write)
        XCTAssertEqual(try f.call("PATCH", "/organization/members/\(member.memberId)", json: ["role": "member"]).status, 200)
        let admin = try f.memberToken("bo@example.com", role: .admin, scope: .write)
        let execute: [String: Any] = ["action": "add", "adamId": app(2), "dry_run": false, "confirm": true]
        // When each previews, then executes
        for token in [read, member.token] {
            XCTAssertEqual(
                try f.call("market_watchlist", ["action": "add", "adamId": app(2)], token: token).structured["dry_run"] as? Bool, true)
            let refused = try f.call("market_watchlist", execute, token: token)
            // Then the previews answer and the executions are WRITE_NOT_ALLOWED, changing nothing
            XCTAssertTrue(refused.isError)
            XCTAssertEqual(refused.errorCode, "WRITE_NOT_ALLOWED")
        }
        XCTAssertEqual(try watched(), [])
        // And reading the list is fine for the read token, while the admin's token executes
        XCTAssertFalse(try f.call("market_watchlist", ["action": "list", "dry_run": false], token: read).isError)
        XCTAssertEqual(try f.call("market_watchlist", execute, token: admin.token).structured["executed"] as? Bool, true)
        XCTAssertEqual(try watched(), [app(2)])
    }

    func testAPreviewReservesNothingAndConcurrentAddsStopAtTheAllowance() throws {
        // Given a Pro watchlist of four (allowance 5)
        for n in 1...4 {
            XCTAssertEqual(
                try f.call("market_watchlist", ["action": "add", "adamId": app(n), "dry_run": false, "confirm": true]).structured[
                    "executed"] as? Bool, true)
        }
        // When two previews of the fifth place are made, then eight adds race for it
        for n in [5, 6] { XCTAssertTrue(try f.call("market_watchlist", ["action": "add", "adamId": app(n)]).warnings.isEmpty) }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let outcome = try? f.call("market_watchlist", ["action": "add", "adamId": app(5 + i), "dry_run": false, "confirm": true])
            results.append(outcome?.isError == true ? outcome?.errorCode ?? "?" : "executed")
        }
        // Then exactly one is added and the others are WATCHLIST_LIMIT: the list holds the allowance
        XCTAssertEqual(results.values.filter { $0 == "executed" }.count, 1, "\(results.values)")
        XCTAssertEqual(results.values.filter { $0 == "WATCHLIST_LIMIT" }.count, 7, "\(results.values)")
        XCTAssertEqual(try watched().count, 5)
        // And a preview of a sixth now warns that executing would be refused
        let full = try f.call("market_watchlist", ["action": "add", "adamId": app(12)])
        XCTAssertEqual(full.warnings.count, 1)
        XCTAssertTrue(full.warnings[0].contains("5 of 5"), full.warnings[0])
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ value: String) { lock.withLock { list.append(value) } }
        var values: [String] { lock.withLock { list } }
    }
}
