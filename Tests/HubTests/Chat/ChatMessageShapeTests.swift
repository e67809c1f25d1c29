import Foundation
import XCTest

@testable import HubMessaging

final class ChatMessageShapeTests: XCTestCase {
    func testUserViewHasEveryContractKeyAndNoInternal() throws {
        // Given a plain user-view message
        let message = ChatMessageDTO(id: "m1", sender: .user, body: "hi", createdAt: "2026-01-01T00:00:00.000Z")
        // When encoded
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(message)) as? [String: Any])
        // Then the nullable keys (docs/chat.md, "Messages") are present as null, and `internal` is absent
        XCTAssertEqual(Set(json.keys), ["id", "sender", "body", "createdAt", "kind", "actionCard", "openedAt", "tappedAt", "images"])
        for key in ["kind", "actionCard", "openedAt", "tappedAt"] { XCTAssertTrue(json[key] is NSNull, key) }
        XCTAssertEqual(json["sender"] as? String, "user")
    }

    func testTeamViewCarriesInternalAndCardNullsRoundTrip() throws {
        // Given a team-view card message
        let card = ChatActionCardDTO(kind: "review_request", paywallId: nil, titleAtSend: "t", buttonLabel: "b", body: nil, available: true)
        let message = ChatMessageDTO(
            id: "m2", sender: .team, body: "x", createdAt: "c", kind: "review_request",
            actionCard: card, internal: false)
        // When encoded and decoded
        let data = try JSONEncoder().encode(message)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cardJSON = try XCTUnwrap(json["actionCard"] as? [String: Any])
        // Then internal is present, the card's null keys too, and decoding gives the same value
        XCTAssertEqual(json["internal"] as? Bool, false)
        XCTAssertTrue(cardJSON["paywallId"] is NSNull)
        XCTAssertTrue(cardJSON["body"] is NSNull)
        XCTAssertEqual(try JSONDecoder().decode(ChatMessageDTO.self, from: data), message)
    }
}
