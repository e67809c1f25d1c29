import Foundation
import HubRuntime
import XCTest

@testable import HubMessaging

/// `chat.send` bodies write and read their own JSON: what they write is what JSONEncoder writes
/// (the same members, nulls and all), and what their reader does not take reads as with JSONDecoder.
final class ChatSendJSONBodyTests: XCTestCase {
    private let owner = ChatOwner(projectId: "p-1", kind: .token, value: "0f3a")

    private func object(_ data: Data) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    private func written(_ body: some RPCJSONBody) -> Data {
        var out = JSONBuffer()
        body.writeJSON(to: &out)
        return Data(out.bytes)
    }

    func testRequestsRoundTripAndMatchJSONEncoder() throws {
        let requests = [
            ChatSend.Request(owner: owner, body: "Message 1 from thread 2 under load", payloadHash: "h1"),
            ChatSend.Request(
                owner: owner, body: "Crème brûlée, \"quoted\"\nsecond line / slash", imageTokens: ["t1", "t2"], locale: "fr",
                platform: "ios", bundleId: "app.example", idempotencyKey: "key-0001", payloadHash: "h2"),
        ]
        for request in requests {
            // When a request is written for the wire and read back by chatd
            let frame = try RPCEnvelope.encodeRequest(v: 1, type: ChatSend.type, id: "q", deadline: 9, body: request)
            XCTAssertEqual(RPCEnvelope.decodeRequestBody(ChatSend.Request.self, from: frame).successValue, request)
            // Then its body has JSONEncoder's members and values
            XCTAssertEqual(try object(written(request)), try object(JSONEncoder().encode(request)))
        }
        // And the common shape (no photos, no escapes) is read without JSONDecoder
        let plain = written(requests[0])
        XCTAssertEqual(JSONObjectReader.read(plain, 0..<plain.count, ChatSend.Request.init(json:)), requests[0])
        let photos = written(requests[1])
        XCTAssertNil(JSONObjectReader.read(photos, 0..<photos.count, ChatSend.Request.init(json:)))
    }

    func testRepliesOfEveryShapeMatchJSONEncoder() throws {
        let card = ChatActionCardDTO(
            kind: "paywall", paywallId: nil, titleAtSend: "Pro", buttonLabel: "See plans", body: "Try it", available: true)
        let image = ChatImageDTO(id: "i1", url: nil, width: 1_600, height: 1_067, key: "chat/sent/p/i1.jpg")
        let expired = ChatImageDTO(id: "i2", url: nil, width: 10, height: 20, expired: true)
        let messages = [
            ChatMessageDTO(id: "m1", sender: .user, body: "Hi", createdAt: "2026-12-02T07:00:00.000Z"),
            ChatMessageDTO(
                id: "m2", sender: .team, body: "Line\none \"two\"", createdAt: "2026-12-02T07:00:01.000Z", kind: "card",
                actionCard: card, openedAt: "2026-12-02T07:01:00.000Z", tappedAt: nil, images: [image, expired], internal: false),
            ChatMessageDTO(id: "m3", sender: .team, body: "Note", createdAt: "2026-12-02T07:00:02.000Z", internal: true),
        ]
        for message in messages {
            for replayed in [false, true] {
                let response = ChatSend.Response(message: message, replayed: replayed)
                // When a reply is written for the wire and read back by ingest
                let frame = try RPCEnvelope.encodeReply(v: 1, type: ChatSend.type, id: "r", body: response)
                let read = RPCEnvelope.decodeReplyWithID(ChatSend.Response.self, from: frame)
                // Then it is the same reply, with JSONEncoder's members and values
                XCTAssertEqual(read?.result.successValue, response, message.id)
                XCTAssertEqual(try object(written(response)), try object(JSONEncoder().encode(response)), message.id)
            }
        }
        // And a plain message's reply is read without JSONDecoder; one with a card is not
        let plain = written(ChatSend.Response(message: messages[0], replayed: false))
        XCTAssertNotNil(JSONObjectReader.read(plain, 0..<plain.count, ChatSend.Response.init(json:)))
        let carded = written(ChatSend.Response(message: messages[1], replayed: false))
        XCTAssertNil(JSONObjectReader.read(carded, 0..<carded.count, ChatSend.Response.init(json:)))
    }

    /// What ingest reads for `POST /api/v1/chat/messages`' answer (`ChatSendForHTTP`), from the
    /// reply chatd writes for `ChatSend`.
    private func readForHTTP(_ response: ChatSend.Response) throws -> ChatSendForHTTP.Reply? {
        let frame = try RPCEnvelope.encodeReply(v: 1, type: ChatSend.type, id: "r", body: response)
        return RPCEnvelope.decodeReplyWithID(ChatSendForHTTP.Reply.self, from: frame)?.result.successValue
    }

    func testAMessageWithoutPhotosIsKeptAsChatdWroteIt() throws {
        let messages = [
            ChatMessageDTO(id: "m1", sender: .user, body: "Hi", createdAt: "2026-12-02T07:00:00.000Z"),
            ChatMessageDTO(
                id: "m2", sender: .user, body: "Ends like a message: ,\"images\":[]} and \"replayed\":true}",
                createdAt: "2026-12-02T07:00:01.000Z"),
            ChatMessageDTO(id: "m3", sender: .user, body: "Crème brûlée 😀\u{2028}", createdAt: "2026-12-02T07:00:02.000Z"),
        ]
        for message in messages {
            for replayed in [false, true] {
                // When the reply chatd writes is read for the HTTP answer
                let reply = try XCTUnwrap(try readForHTTP(ChatSend.Response(message: message, replayed: replayed)))
                // Then the message is the bytes the HTTP answer would write for it, and decodes to it
                var out = JSONBuffer()
                message.writeJSON(to: &out)
                XCTAssertEqual(reply.message, .written(out.bytes), message.id)
                XCTAssertEqual(reply.replayed, replayed)
                XCTAssertEqual(try reply.response, ChatSend.Response(message: message, replayed: replayed))
            }
        }
    }

    func testAMessageWithPhotosOrTheInternalFlagIsDecoded() throws {
        let image = ChatImageDTO(id: "i1", url: nil, width: 1_600, height: 1_067, key: "chat/sent/p/i1.jpg")
        let messages = [
            ChatMessageDTO(
                id: "m1", sender: .user, body: "", createdAt: "2026-12-02T07:00:00.000Z", images: [image]),
            ChatMessageDTO(id: "m2", sender: .team, body: "Note", createdAt: "2026-12-02T07:00:02.000Z", internal: true),
            ChatMessageDTO(id: "m3", sender: .team, body: "Reply", createdAt: "2026-12-02T07:00:03.000Z", internal: false),
        ]
        for message in messages {
            // When the reply is read for the HTTP answer
            let reply = try XCTUnwrap(try readForHTTP(ChatSend.Response(message: message, replayed: true)))
            // Then the message is decoded (its image keys are to be signed) and is the one sent
            XCTAssertEqual(reply.message, .decoded(message), message.id)
            XCTAssertTrue(reply.replayed)
        }
    }

    func testAReplyNotShapedAsChatdWritesItIsDecodedOrRefused() throws {
        let message = ChatMessageDTO(id: "m1", sender: .user, body: "Hi", createdAt: "2026-12-02T07:00:00.000Z")
        var out = JSONBuffer()
        message.writeJSON(to: &out)
        let written = String(decoding: out.bytes, as: UTF8.self)
        // Given the same reply with its members in another order, with spaces, and cut short
        let reordered = Data(#"{"v":1,"type":"chat.send","id":"r","ok":true,"body":{"replayed":false,"message":\#(written)}}"#.utf8)
        let spaced = Data(#"{"v":1,"type":"chat.send","id":"r","ok":true,"body":{ "message": \#(written), "replayed": false }}"#.utf8)
        let cut = Data(#"{"v":1,"type":"chat.send","id":"r","ok":true,"body":{"message":{"id":"m1"},"replayed":false}}"#.utf8)
        // Then the first two are decoded to the same message, and the third is malformed
        for frame in [reordered, spaced] {
            let reply = RPCEnvelope.decodeReplyWithID(ChatSendForHTTP.Reply.self, from: frame)?.result.successValue
            XCTAssertEqual(reply, ChatSendForHTTP.Reply(message: .decoded(message), replayed: false))
        }
        let error = RPCEnvelope.decodeReplyWithID(ChatSendForHTTP.Reply.self, from: cut)?.result.failureValue
        XCTAssertEqual(error?.code, RPCError.Code.malformedMessage)
    }

    func testAMalformedRequestFailsWithJSONDecodersWords() {
        // Given a body whose text is a number
        let frame = Data(
            #"{"v":1,"type":"chat.send","id":"q","deadline":1,"body":{"owner":{"projectId":"p","kind":"token","value":"v"},"body":5,"imageTokens":[],"payloadHash":"h"}}"#
                .utf8)
        // Then it is MALFORMED_MESSAGE in JSONDecoder's words
        let error = RPCEnvelope.decodeRequestBody(ChatSend.Request.self, from: frame).failureValue
        XCTAssertEqual(error?.code, RPCError.Code.malformedMessage)
        XCTAssertEqual(error?.message, "body does not match the request: wrong type at body")
    }
}
