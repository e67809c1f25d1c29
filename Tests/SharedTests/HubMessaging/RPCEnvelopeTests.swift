import Foundation
import XCTest

@testable import HubMessaging

final class RPCEnvelopeTests: XCTestCase {
    private func object(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testRequestEnvelopeCarriesVersionTypeIDDeadlineAndBody() throws {
        // Given a typed request
        let body = TestEcho.Request(text: "hello", n: 7)

        // When it is encoded for the wire
        let frame = try RPCEnvelope.encodeRequest(v: 1, type: "test.echo", id: "id-1", deadline: 1_700_000_000_123, body: body)

        // Then the frame is the documented JSON envelope
        let json = try object(frame)
        XCTAssertEqual(Set(json.keys), ["v", "type", "id", "deadline", "body"])
        XCTAssertEqual(json["v"] as? Int, 1)
        XCTAssertEqual(json["type"] as? String, "test.echo")
        XCTAssertEqual(json["id"] as? String, "id-1")
        XCTAssertEqual((json["deadline"] as? NSNumber)?.int64Value, 1_700_000_000_123)
        let inner = try XCTUnwrap(json["body"] as? [String: Any])
        XCTAssertEqual(inner["text"] as? String, "hello")
        XCTAssertEqual(inner["n"] as? Int, 7)
    }

    func testEmptyBodyIsAnEmptyObject() throws {
        // Given / When a message without content is encoded
        let frame = try RPCEnvelope.encodeRequest(v: 1, type: SysPing.type, id: "p", deadline: 1, body: RPCEmpty())

        // Then its body is {} and it reads back as RPCEmpty
        let json = try object(frame)
        XCTAssertEqual((json["body"] as? [String: Any])?.count, 0)
        XCTAssertEqual(RPCEnvelope.decodeRequestBody(RPCEmpty.self, from: frame).successValue, RPCEmpty())
    }

    func testOkReplyRoundTrips() throws {
        // Given a successful reply
        let frame = try RPCEnvelope.encodeReply(v: 1, type: "test.echo", id: "r1", body: TestEcho.Response(text: "x", n: 2))

        // When it is read as a header and as the typed response
        let header = try XCTUnwrap(RPCEnvelope.decodeReplyHeader(frame))
        let decoded = RPCEnvelope.decodeReply(TestEcho.Response.self, from: frame)

        // Then the envelope fields and the body survive
        XCTAssertEqual(header, .init(v: 1, type: "test.echo", id: "r1", ok: true))
        XCTAssertEqual(decoded.successValue, TestEcho.Response(text: "x", n: 2))
        XCTAssertEqual(Set(try object(frame).keys), ["v", "type", "id", "ok", "body"])
    }

    func testErrorReplyWritesNullStatusAndFieldsAndRoundTripsVerbatim() throws {
        // Given an error without status or fields, and one with both
        let bare = RPCError(code: "X", message: "m")
        let full = RPCError(code: "NOT_FOUND", message: "no such key", status: 404, fields: ["key": ["unknown"]])

        // When both are encoded as replies
        let bareFrame = RPCEnvelope.encodeErrorReply(v: 1, type: "t", id: "a", error: bare)
        let fullFrame = RPCEnvelope.encodeErrorReply(v: 1, type: "t", id: "b", error: full)

        // Then status and fields are explicit nulls in the bare one, and both decode unchanged
        let json = try object(bareFrame)
        XCTAssertEqual(json["ok"] as? Bool, false)
        XCTAssertNil(json["body"])
        let error = try XCTUnwrap(json["error"] as? [String: Any])
        XCTAssertEqual(Set(error.keys), ["code", "message", "status", "fields"])
        XCTAssertTrue(error["status"] is NSNull)
        XCTAssertTrue(error["fields"] is NSNull)
        XCTAssertEqual(RPCEnvelope.decodeReply(RPCEmpty.self, from: bareFrame).failureValue, bare)
        XCTAssertEqual(RPCEnvelope.decodeReply(RPCEmpty.self, from: fullFrame).failureValue, full)
    }

    func testGarbageRequestIsMalformedWithEmptyID() {
        // Given bytes that are not JSON
        let frame = Data([0xff, 0x00, 0x41, 0x7b])

        // When the header is read
        let result = RPCEnvelope.decodeRequestHeader(frame)

        // Then it is MALFORMED_MESSAGE with no ID
        XCTAssertEqual(result.failureValue?.id, "")
        XCTAssertEqual(result.failureValue?.error.code, RPCError.Code.malformedMessage)
    }

    func testMissingEnvelopeFieldsAreNamedAndTheIDIsKept() {
        // Given an envelope with an ID but no deadline and no body
        let frame = Data(#"{"v":1,"type":"test.echo","id":"abc"}"#.utf8)

        // When the header is read
        let failure = RPCEnvelope.decodeRequestHeader(frame).failureValue

        // Then the ID is kept for the reply and the missing fields are named
        XCTAssertEqual(failure?.id, "abc")
        XCTAssertEqual(failure?.error.code, RPCError.Code.malformedMessage)
        XCTAssertTrue(failure?.error.message.contains("deadline") ?? false)
        XCTAssertTrue(failure?.error.message.contains("body") ?? false)
    }

    func testCompleteHeaderDecodes() {
        // Given a full request envelope
        let frame = Data(#"{"v":3,"type":"chat.send","id":"q","deadline":123,"body":{}}"#.utf8)

        // When / Then its header reads back
        XCTAssertEqual(
            RPCEnvelope.decodeRequestHeader(frame).successValue,
            .init(v: 3, type: "chat.send", id: "q", deadline: 123))
    }

    func testBodyOfTheWrongShapeIsMalformed() {
        // Given a body whose field has the wrong type
        let frame = Data(#"{"v":1,"type":"test.echo","id":"q","deadline":1,"body":{"text":5,"n":1}}"#.utf8)

        // When it is decoded as the echo request
        let error = RPCEnvelope.decodeRequestBody(TestEcho.Request.self, from: frame).failureValue

        // Then it is MALFORMED_MESSAGE naming the field, not echoing the value
        XCTAssertEqual(error?.code, RPCError.Code.malformedMessage)
        XCTAssertTrue(error?.message.contains("text") ?? false)
    }

    func testEnvelopeFieldsAreReadOnlyFromWellFormedJSON() {
        // Given frames that are JSON objects but broken after the envelope fields, deeper than
        // 512 levels, or with trailing bytes
        let head = #"{"v":1,"type":"test.echo","id":"q","deadline":1,"body":{}"#
        let broken = [
            head + #","extra":[1,,2]}"#, head + #","extra":01}"#, head + #","extra":"\x"}"#, head + "} x",
            head + #","extra":"#, head + ",\"extra\":" + String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + "}",
        ]

        // When their headers are read
        // Then each is MALFORMED_MESSAGE, as a JSON parser would have it
        for frame in broken {
            XCTAssertEqual(
                RPCEnvelope.decodeRequestHeader(Data(frame.utf8)).failureValue?.error.code, RPCError.Code.malformedMessage, frame)
        }
        // And nesting of 512 levels, escapes, numbers and literals in other members are accepted
        let fine =
            head + ",\"extra\":" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
            + #","n":[-0.5e+3,0,true,false,null,{"a":"\u00e9\n"}]}"#
        XCTAssertEqual(RPCEnvelope.decodeRequestHeader(Data(fine.utf8)).successValue?.id, "q")
    }

    func testMembersNamedLikeTheEnvelopesButNotTheSameAreIgnored() {
        // Given a request whose other members share the lengths and first letters of the
        // envelope's names, before and after them
        let frame = Data(
            (#"{"w":9,"ix":"x","ok2":1,"typo":"no","bodY":5,"errer":1,"deadlinE":7,"v":2,"type":"t.real","id":"q","#
                + #""deadline":11,"body":{"text":"a","n":1},"vv":3,"Id":"z","tipe":"no","dead_line":1}"#).utf8)

        // When it is read
        // Then only the envelope's own members count
        XCTAssertEqual(RPCEnvelope.decodeRequestHeader(frame).successValue, .init(v: 2, type: "t.real", id: "q", deadline: 11))
        XCTAssertEqual(RPCEnvelope.decodeRequestBody(TestEcho.Request.self, from: frame).successValue, .init(text: "a", n: 1))
        // And a reply's `ok` is read only from `ok`
        let reply = Data(
            #"{"v":1,"type":"t","id":"r","oK":true,"ok":false,"error":{"code":"X","message":"m","status":400,"fields":null}}"#.utf8)
        XCTAssertEqual(RPCEnvelope.decodeReplyHeader(reply)?.ok, false)
    }

    func testEscapedTypeAndIDAreReadAndWrittenAsJSON() throws {
        // Given an ID with a quote, a backslash and a non-ASCII letter
        let id = "a\"b\\c é"

        // When a request and a reply carry it
        let request = try RPCEnvelope.encodeRequest(v: 2, type: "t.\u{1}", id: id, deadline: -5, body: TestEcho.Request(text: "x", n: 1))
        let reply = try RPCEnvelope.encodeReply(v: 2, type: "t", id: id, body: TestEcho.Response(text: "y", n: 2))

        // Then both are valid JSON and read back unchanged
        XCTAssertEqual(try object(request)["id"] as? String, id)
        XCTAssertEqual(RPCEnvelope.decodeRequestHeader(request).successValue, .init(v: 2, type: "t.\u{1}", id: id, deadline: -5))
        XCTAssertEqual(RPCEnvelope.decodeRequestBody(TestEcho.Request.self, from: request).successValue, .init(text: "x", n: 1))
        XCTAssertEqual(RPCEnvelope.decodeReplyWithID(TestEcho.Response.self, from: reply)?.id, id)
        XCTAssertEqual(RPCEnvelope.decodeReply(TestEcho.Response.self, from: reply).successValue, .init(text: "y", n: 2))
    }

    func testAReplyToTheExpectedIDIsReadWithoutReadingItsIDAnewAndAnyOtherIDIsReadAsWritten() throws {
        // Given replies to the ID a caller waits on, to another ID, and to the same ID escaped
        let reply = { (id: String) in
            Data(#"{"v":1,"type":"test.echo","id":\#(id),"ok":true,"body":{"text":"t","n":1}}"#.utf8)
        }
        let expected = "0192d3e4-0000-7000-8000-000000000001"
        // When each is read by a caller expecting that ID
        let same = try XCTUnwrap(RPCEnvelope.decodeReplyWithID(TestEcho.Response.self, from: reply("\"\(expected)\""), expecting: expected))
        let other = try XCTUnwrap(
            RPCEnvelope.decodeReplyWithID(
                TestEcho.Response.self, from: reply(#""0192d3e4-0000-7000-8000-000000000002""#), expecting: expected))
        let escaped = try XCTUnwrap(
            RPCEnvelope.decodeReplyWithID(
                TestEcho.Response.self, from: reply(#""0192d3e4-0000-7000-8000-00000000000\u0031""#), expecting: expected))
        let shorter = try XCTUnwrap(RPCEnvelope.decodeReplyWithID(TestEcho.Response.self, from: reply(#""0192d3e4""#), expecting: expected))
        // Then each gives the ID it was written with, and its body
        XCTAssertEqual(same.id, expected)
        XCTAssertEqual(same.result.successValue, .init(text: "t", n: 1))
        XCTAssertEqual(other.id, "0192d3e4-0000-7000-8000-000000000002")
        XCTAssertEqual(escaped.id, expected)
        XCTAssertEqual(shorter.id, "0192d3e4")
    }

    func testMessageVersionDefaultsToOne() {
        // Given / When / Then a message that does not set a version is version 1
        XCTAssertEqual(TestEcho.version, 1)
        XCTAssertEqual(SysPing.version, 1)
        XCTAssertEqual(SysPing.type, "sys.ping")
        XCTAssertEqual(TestEchoV2.version, 2)
    }

    func testDeadlineHeapYieldsEarliestFirst() {
        // Given deadlines pushed out of order
        var heap = DeadlineHeap()
        for (at, key) in [(50, "e"), (10, "a"), (40, "d"), (20, "b"), (30, "c"), (10, "a2")] {
            heap.push(at: UInt64(at), key: key)
        }

        // When they are popped
        var order: [UInt64] = []
        while let entry = heap.popFirst() { order.append(entry.at) }

        // Then they come out in deadline order
        XCTAssertEqual(order, [10, 10, 20, 30, 40, 50])
    }
}
