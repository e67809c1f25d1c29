import Foundation
import XCTest

@testable import HubMessaging

/// `chat.status` bodies write and read their own JSON: the frames say what JSONEncoder would
/// have said, and anything the own reader does not take reads, and fails, as with JSONDecoder.
final class RPCJSONBodyTests: XCTestCase {
    private let owner = ChatOwner(projectId: "p-1", kind: .email, value: "ana/bo@example.com")

    func testAChatStatusRequestIsWrittenByHandAndReadsBackAsJSONDecoderReadsIt() throws {
        // Given a chat.status request whose owner holds a slash (JSONEncoder writes it `\/`)
        let request = ChatStatus.Request(owner: owner)

        // When it is encoded for the wire
        let frame = try RPCEnvelope.encodeRequest(v: 1, type: ChatStatus.type, id: "q", deadline: 9, body: request)

        // Then the body was written by its own writer, not JSONEncoder
        let text = String(decoding: frame, as: UTF8.self)
        XCTAssertTrue(text.contains(#""value":"ana/bo@example.com""#), text)
        // And the server reads it back, and so does JSONDecoder
        XCTAssertEqual(RPCEnvelope.decodeRequestBody(ChatStatus.Request.self, from: frame).successValue, request)
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: frame) as? [String: Any])["body"]
        let decoded = try JSONDecoder().decode(
            ChatStatus.Request.self, from: JSONSerialization.data(withJSONObject: try XCTUnwrap(body)))
        XCTAssertEqual(decoded, request)
    }

    func testChatStatusRepliesRoundTripWithAndWithoutAConversation() throws {
        for response in [
            ChatStatus.Response(hasUnread: true, conversationId: "c-\"1\"\n"),
            ChatStatus.Response(hasUnread: false, conversationId: nil),
        ] {
            // Given a reply written by hand
            let frame = try RPCEnvelope.encodeReply(v: 1, type: ChatStatus.type, id: "r", body: response)

            // When the caller reads it
            let read = RPCEnvelope.decodeReplyWithID(ChatStatus.Response.self, from: frame)

            // Then it is the same reply, and a missing conversation is left out as JSONEncoder
            // leaves it out
            XCTAssertEqual(read?.id, "r")
            XCTAssertEqual(read?.result.successValue, response)
            XCTAssertEqual(String(decoding: frame, as: UTF8.self).contains("conversationId"), response.conversationId != nil)
        }
    }

    func testBodiesTheOwnReaderDoesNotTakeReadAsJSONDecoderReadsThem() {
        // Given chat.status bodies with escapes, null, members in another order, unknown
        // members, and spaces, as another writer may send them
        let cases: [(String, ChatStatus.Response)] = [
            (#"{"hasUnread":true,"conversationId":"c\/1\u0041"}"#, .init(hasUnread: true, conversationId: "c/1A")),
            (#"{"conversationId":null,"hasUnread":false}"#, .init(hasUnread: false, conversationId: nil)),
            (#" { "extra" : [1, {"x": "y"}] , "hasUnread" : true } "#, .init(hasUnread: true, conversationId: nil)),
        ]
        for (body, expected) in cases {
            // When each is read as a reply
            let frame = Data(#"{"v":1,"type":"chat.status","id":"r","ok":true,"body":\#(body)}"#.utf8)

            // Then it reads as JSONDecoder reads it
            XCTAssertEqual(RPCEnvelope.decodeReplyWithID(ChatStatus.Response.self, from: frame)?.result.successValue, expected, body)
            XCTAssertEqual(try? JSONDecoder().decode(ChatStatus.Response.self, from: Data(body.utf8)), expected, body)
        }
        // And a member given twice reads as JSONDecoder reads it (the first one)
        let twice = #"{"owner":{"projectId":"p","kind":"email","value":"v","value":7}}"#
        let frame = Data(#"{"v":1,"type":"chat.status","id":"q","deadline":1,"body":\#(twice)}"#.utf8)
        let expected = try? JSONDecoder().decode(ChatStatus.Request.self, from: Data(twice.utf8))
        XCTAssertEqual(expected?.owner.value, "v")
        XCTAssertEqual(RPCEnvelope.decodeRequestBody(ChatStatus.Request.self, from: frame).successValue, expected)
    }

    func testMalformedChatStatusBodiesFailWithJSONDecodersWords() {
        // Given request bodies of the wrong shape: a number for a string, a member missing, an
        // unknown kind
        let cases: [(body: String, words: String)] = [
            (#"{"owner":{"projectId":5,"kind":"email","value":"v"}}"#, "wrong type at owner.projectId"),
            (#"{"owner":{"projectId":"p","value":"v"}}"#, "missing owner.kind"),
            (#"{"owner":{"projectId":"p","kind":"phone","value":"v"}}"#, "invalid value at owner.kind"),
        ]
        for (body, words) in cases {
            // When the server reads each
            let frame = Data(#"{"v":1,"type":"chat.status","id":"q","deadline":1,"body":\#(body)}"#.utf8)
            let error = RPCEnvelope.decodeRequestBody(ChatStatus.Request.self, from: frame).failureValue

            // Then it fails MALFORMED_MESSAGE with the words JSONDecoder's error gives
            XCTAssertEqual(error?.code, RPCError.Code.malformedMessage, body)
            XCTAssertEqual(error?.message, "body does not match the request: \(words)", body)
        }
    }
}
