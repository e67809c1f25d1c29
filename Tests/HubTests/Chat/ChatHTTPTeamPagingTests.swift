import Foundation
import XCTest

@testable import IngestService

final class ChatHTTPTeamPagingTests: XCTestCase {
    var fixture: ChatHTTPFixture!

    override func setUpWithError() throws { fixture = try ChatHTTPFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testTheTeamReadsALongConversationPageByPageOldestFirst() throws {
        // Given a conversation of five user messages
        for n in 1...5 { try fixture.send("message \(n)") }
        let id = try fixture.conversationId()
        // When the team reads it two at a time
        var bodies: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let reply = try fixture.call("GET", "/conversations/\(id)/messages?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""))
            XCTAssertEqual(reply.status, 200, reply.text)
            let items = reply.json["items"] as? [[String: Any]] ?? []
            XCTAssertLessThanOrEqual(items.count, 2)
            bodies += items.compactMap { $0["body"] as? String }
            cursor = reply.json["nextCursor"] as? String
            pages += 1
        } while cursor != nil && pages < 10
        // Then three pages hold every message once, in order
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(bodies, (1...5).map { "message \($0)" })
        // And a bad limit or cursor is a query error
        XCTAssertEqual(try fixture.call("GET", "/conversations/\(id)/messages?limit=0").status, 400)
        XCTAssertEqual(try fixture.call("GET", "/conversations/\(id)/messages?cursor=abc").status, 400)
    }
}
