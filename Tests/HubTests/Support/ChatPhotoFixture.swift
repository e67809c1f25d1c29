import Foundation
import TestSupport
import XCTest

@testable import HubStore
@testable import IngestService

/// The photo flow as the SDK and the team dashboard walk it, on a `ChatHTTPFixture`.
struct ChatPhotoFixture {
    let chat: ChatHTTPFixture

    /// Sends any request to an absolute URL the hub handed out.
    func raw(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> HubReply {
        try chat.hub.send(method, url: url, headers: headers, body: body)
    }

    /// Step one for a participant (`team` nil) or for the team in a conversation.
    func start(
        _ contentType: String, _ size: Int, token: String? = PublicAPI.voterToken,
        team conversationId: String? = nil
    ) throws -> HubReply {
        let body: [String: Any] = ["contentType": contentType, "byteSize": size]
        if let conversationId { return try chat.call("POST", "/conversations/\(conversationId)/images", json: body) }
        return try chat.post("/chat/images", body, token: token)
    }

    func complete(_ uploadToken: String, token: String? = PublicAPI.voterToken, team conversationId: String? = nil) throws -> HubReply {
        let body = ["uploadToken": uploadToken]
        if let conversationId { return try chat.call("POST", "/conversations/\(conversationId)/images", json: body) }
        return try chat.post("/chat/images", body, token: token)
    }

    /// All three steps; the completion's reply.
    func upload(
        _ bytes: [UInt8], _ contentType: String, token: String? = PublicAPI.voterToken,
        team conversationId: String? = nil
    ) throws -> HubReply {
        let started = try start(contentType, bytes.count, token: token, team: conversationId)
        XCTAssertEqual(started.status, 200, started.text)
        let url = try XCTUnwrap(started.json["uploadUrl"] as? String)
        let put = try raw("PUT", url, headers: [("Content-Type", contentType)], body: bytes)
        XCTAssertEqual(put.status, 204, put.text)
        return try complete(try XCTUnwrap(started.json["uploadToken"] as? String), token: token, team: conversationId)
    }

    /// The image token of a completed upload of a small JPEG.
    func smallImageToken(token: String? = PublicAPI.voterToken, team conversationId: String? = nil) throws -> String {
        let done = try upload(try TestImages.pillow("small_jpeg"), "image/jpeg", token: token, team: conversationId)
        XCTAssertEqual(done.status, 201, done.text)
        return try XCTUnwrap(done.json["imageToken"] as? String)
    }

    func chatStore() throws -> SQLiteDatabase { chat.hub.daemons[.chatd]!.context.store }
}
