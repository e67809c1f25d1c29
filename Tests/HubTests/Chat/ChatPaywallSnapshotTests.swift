import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime

final class ChatPaywallSnapshotTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    static func product(_ id: String = "pro_monthly", period: String = "P1M", trial: String? = nil) -> ChatPaywallProduct {
        ChatPaywallProduct(id: id, price: "$4.99", period: period, trial: trial)
    }

    static func paywall(
        _ id: String = "default", title: String = "Default offering", available: Bool = true,
        products: [ChatPaywallProduct]? = nil
    ) -> ChatPaywall {
        ChatPaywall(
            id: id, title: title, presentable: true, available: available,
            products: products ?? [
                product("pro_monthly"), product("pro_yearly", period: "P1Y", trial: "P7D"),
                product("lifetime", period: "P0D"),
            ])
    }

    static func valid() -> ChatPaywallSnapshot {
        ChatPaywallSnapshot(
            paywalls: [paywall(), paywall("winback.2026-q1", title: "Win-back")],
            plan: ChatPaywallSubscriptionMetadata(
                subscriptionStatus: "active", plan: "pro_monthly",
                renewsOn: "2026-12-31", environment: "sandbox"))
    }

    private func storedCount() throws -> Int {
        try XCTUnwrap(chat.store.scalar("SELECT count(*) FROM chat_paywall_snapshots").intValue)
    }

    private func refusal(_ snapshot: ChatPaywallSnapshot, file: StaticString = #filePath, line: UInt = #line) -> RPCError? {
        chat.failure(ChatPaywallsReplace.self, .init(owner: chat.owner(), snapshot: snapshot), file: file, line: line)
    }

    func testEachRuleIsRefusedWithItsFieldAndNothingIsStored() throws {
        // Given one broken copy of a valid snapshot per rule
        func broken(_ change: (inout ChatPaywallSnapshot) -> Void) -> ChatPaywallSnapshot {
            var snapshot = Self.valid()
            change(&snapshot)
            return snapshot
        }
        let manyProducts = (0..<9).map { Self.product("p\($0)") }
        let cases: [(String, ChatPaywallSnapshot)] = [
            ("paywalls", broken { $0.paywalls = (0..<21).map { Self.paywall("p\($0)", products: []) } }),
            ("paywalls", broken { $0.paywalls = (0..<5).map { Self.paywall("p\($0)", products: manyProducts) } }),
            ("paywalls[1].products", broken { $0.paywalls[1].products = (0..<11).map { Self.product("p\($0)") } }),
            ("paywalls[1].id", broken { $0.paywalls[1].id = "" }),
            ("paywalls[1].id", broken { $0.paywalls[1].id = String(repeating: "a", count: 65) }),
            ("paywalls[1].id", broken { $0.paywalls[1].id = "has space" }),
            ("paywalls[1].id", broken { $0.paywalls[1].id = "default" }),
            ("paywalls[0].title", broken { $0.paywalls[0].title = " " }),
            ("paywalls[0].title", broken { $0.paywalls[0].title = String(repeating: "😀", count: 31) }),
            ("paywalls[0].source", broken { $0.paywalls[0].source = "" }),
            ("paywalls[0].products[2].id", broken { $0.paywalls[0].products[2].id = "" }),
            ("paywalls[0].products[2].id", broken { $0.paywalls[0].products[2].id = String(repeating: "x", count: 101) }),
            ("paywalls[0].products[1].id", broken { $0.paywalls[0].products[1].id = "pro_monthly" }),
            ("paywalls[0].products[0].price", broken { $0.paywalls[0].products[0].price = "" }),
            ("paywalls[0].products[0].price", broken { $0.paywalls[0].products[0].price = String(repeating: "9", count: 41) }),
            ("paywalls[0].products[0].period", broken { $0.paywalls[0].products[0].period = "monthly" }),
            ("paywalls[0].products[0].period", broken { $0.paywalls[0].products[0].period = "P1H" }),
            ("paywalls[0].products[0].period", broken { $0.paywalls[0].products[0].period = "PT1M" }),
            ("paywalls[0].products[0].period", broken { $0.paywalls[0].products[0].period = "P" }),
            ("paywalls[0].products[1].trial", broken { $0.paywalls[0].products[1].trial = "7 days" }),
            ("paywalls[0].products[1].trial", broken { $0.paywalls[0].products[1].trial = "P0D" }),
            ("plan.subscription_status", broken { $0.plan?.subscriptionStatus = "trialing" }),
            ("plan.plan", broken { $0.plan?.plan = "" }),
            ("plan.renews_on", broken { $0.plan?.renewsOn = "2026-02-30" }),
            ("plan.renews_on", broken { $0.plan?.renewsOn = "31/12/2026" }),
            ("plan.expires_on", broken { $0.plan?.expiresOn = "2027-01-01" }),
            ("plan.environment", broken { $0.plan?.environment = "production" }),
        ]
        for (field, snapshot) in cases {
            // When reported
            let error = refusal(snapshot)
            // Then it is a 400 naming that field, and no snapshot exists
            XCTAssertEqual(error?.code, "INVALID_PAYLOAD", field)
            XCTAssertEqual(error?.status, 400, field)
            XCTAssertNotNil(error?.fields?[field], "\(field): \(String(describing: error?.fields))")
            XCTAssertEqual(try storedCount(), 0, field)
        }
    }

    func testEveryProblemIsReportedAtOnce() throws {
        // Given a snapshot with four problems in different places
        var snapshot = Self.valid()
        snapshot.paywalls[0].id = "bad id"
        snapshot.paywalls[1].products[0].period = "1M"
        snapshot.paywalls[1].products[2].price = ""
        snapshot.plan?.subscriptionStatus = "maybe"
        // When reported
        let error = refusal(snapshot)
        // Then all four fields are listed
        XCTAssertEqual(
            Set(error?.fields?.keys.map { $0 } ?? []),
            [
                "paywalls[0].id", "paywalls[1].products[0].period", "paywalls[1].products[2].price",
                "plan.subscription_status",
            ])
    }

    func testValidSnapshotIsReplacedByANewerOneAndAnInvalidOneChangesNothing() throws {
        // Given a stored snapshot
        _ = try chat.call(ChatPaywallsReplace.self, .init(owner: chat.owner(), snapshot: Self.valid()))
        let store = try XCTUnwrap(chat.hub.daemons[.chatd]).context.store
        let chatStore = ChatStore(db: store, clock: SystemClock())
        let first = try XCTUnwrap(chatStore.latestPaywalls(owner: chat.owner()))
        // When a newer one with one paywall arrives, then an invalid one
        let newer = ChatPaywallSnapshot(paywalls: [Self.paywall("annual", title: "Annual only")])
        _ = try chat.call(ChatPaywallsReplace.self, .init(owner: chat.owner(), snapshot: newer))
        var invalid = Self.valid()
        invalid.paywalls[0].title = ""
        let refused = refusal(invalid)
        // Then the newer snapshot replaced the first whole, the invalid one was refused, and one row remains
        XCTAssertEqual(first.snapshot, Self.valid())
        let latest = try XCTUnwrap(chatStore.latestPaywalls(owner: chat.owner()))
        XCTAssertEqual(latest.snapshot, newer)
        XCTAssertGreaterThanOrEqual(latest.receivedAt, first.receivedAt)
        XCTAssertEqual(refused?.code, "INVALID_PAYLOAD")
        XCTAssertEqual(try storedCount(), 1)
        XCTAssertEqual(
            try chat.store.query("SELECT paywall_id FROM chat_paywalls").compactMap { $0.string("paywall_id") },
            ["annual"])
    }

    func testSDKWireJSONDecodesWithItsDefaults() throws {
        // Given the SDK's JSON, snake_case metadata and a paywall without source, available and products
        let json = """
            {"paywalls":[{"id":"default","title":"Default","presentable":true,
              "products":[{"id":"pro","price":"4,99 €","period":"P1M","trial":"P1W"}]},
             {"id":"empty","title":"Empty","presentable":false}],
             "plan":{"subscription_status":"none","expires_on":"2026-01-31"}}
            """
        // When decoded and checked
        let snapshot = try JSONDecoder().decode(ChatPaywallSnapshot.self, from: Data(json.utf8))
        // Then the defaults apply and it is valid
        XCTAssertEqual(snapshot.paywalls[1].source, "revenuecat")
        XCTAssertTrue(snapshot.paywalls[1].available)
        XCTAssertEqual(snapshot.paywalls[1].products, [])
        XCTAssertEqual(snapshot.plan?.expiresOn, "2026-01-31")
        XCTAssertEqual(snapshot.problems(), [:])
    }
}
