import Foundation
import XCTest

@testable import IngestService

/// Paywall cards over HTTP (docs/chat.md, "Cards" and "Paywall snapshots"): the app reports its
/// catalog, the team sends an offer from it, the user's thread shows the card, and `available`
/// follows the catalog.
final class ChatHTTPPaywallTests: XCTestCase {
    var fixture: ChatHTTPFixture!

    override func setUpWithError() throws { fixture = try ChatHTTPFixture() }
    override func tearDown() { fixture?.shutdown() }

    static func snapshot(_ paywalls: [(id: String, title: String)]) -> [String: Any] {
        [
            "paywalls": paywalls.map {
                [
                    "id": $0.id, "title": $0.title, "presentable": true,
                    "products": [["id": "pro.monthly", "price": "4,99 €", "period": "P1M"]],
                ]
            }
        ]
    }

    func testOfferCardFromTheReportedCatalogAndItsAvailability() throws {
        // Given a conversation and the app's catalog with one paywall
        try fixture.send("Is there a discount?")
        let conversation = try fixture.conversationId()
        let reported = try fixture.post("/chat/paywalls", Self.snapshot([("spring_sale", "Spring sale")]))
        XCTAssertEqual(reported.status, 204, reported.text)
        // When the team sends an offer from it
        let card = try fixture.call(
            "POST", "/conversations/\(conversation)/cards",
            json: ["kind": "offer", "paywallId": "spring_sale", "buttonLabel": "See the offer"])
        XCTAssertEqual(card.status, 201, card.text)
        // Then the user's thread shows an available offer titled as the paywall was when sent
        var last = try XCTUnwrap(try fixture.messages().last?["actionCard"] as? [String: Any])
        XCTAssertEqual(last["kind"] as? String, "offer")
        XCTAssertEqual(last["paywallId"] as? String, "spring_sale")
        XCTAssertEqual(last["titleAtSend"] as? String, "Spring sale")
        XCTAssertEqual(last["buttonLabel"] as? String, "See the offer")
        XCTAssertEqual(last["available"] as? Bool, true)
        // And once the catalog no longer has that paywall, the card is unavailable
        XCTAssertEqual(try fixture.post("/chat/paywalls", Self.snapshot([("winter", "Winter")])).status, 204)
        last = try XCTUnwrap(try fixture.messages().last?["actionCard"] as? [String: Any])
        XCTAssertEqual(last["available"] as? Bool, false)
        // And an offer for a paywall the user never reported is refused
        let unknown = try fixture.call(
            "POST", "/conversations/\(conversation)/cards",
            json: ["kind": "offer", "paywallId": "spring_sale", "buttonLabel": "Again"])
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.code, "UNKNOWN_PAYWALL")
    }

    func testAnInvalidCatalogIsRefusedWholeWithEveryProblem() throws {
        // Given a catalog with a bad ID, an empty title and a bad period
        let bad: [String: Any] = [
            "paywalls": [
                ["id": "bad id!", "title": "", "presentable": true, "products": [["id": "p", "price": "1 €", "period": "monthly"]]]
            ]
        ]
        // When it is reported
        let reply = try fixture.post("/chat/paywalls", bad)
        // Then it is 400 INVALID_PAYLOAD naming each field, and an offer still cannot use it
        XCTAssertEqual(reply.status, 400, reply.text)
        XCTAssertEqual(reply.code, "INVALID_PAYLOAD")
        let fields = reply.fields
        XCTAssertNotNil(fields["paywalls[0].id"], "\(fields)")
        XCTAssertNotNil(fields["paywalls[0].title"], "\(fields)")
        XCTAssertNotNil(fields["paywalls[0].products[0].period"], "\(fields)")
    }
}
