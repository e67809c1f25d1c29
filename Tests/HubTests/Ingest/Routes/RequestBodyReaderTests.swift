import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

/// The hottest request bodies (a chat send, a new idea) read themselves when they have the
/// usual shape (`JSONReadable`); whatever they take must decode as JSONDecoder decodes it, and
/// whatever they do not take goes to JSONDecoder, which words the error.
final class RequestBodyReaderTests: XCTestCase {
    private func request(_ body: String) -> HTTPRequest {
        HTTPRequest(
            method: "POST", path: "/api/v1/chat/messages",
            headers: HTTPHeaders([(name: "Content-Type", value: "application/json")]), body: Array(body.utf8))
    }

    /// `T` decoded by JSONDecoder alone: the same decoder, so the same coding paths and errors.
    private struct ViaDecoder<T: Decodable>: Decodable {
        let value: T
        init(from decoder: Decoder) throws { value = try T(from: decoder) }
    }

    /// What `decodeJSON` answers, the value or the error's code and message, as text to
    /// compare; `fast: false` decodes with JSONDecoder alone.
    private func outcome<T: Decodable>(_ type: T.Type, _ body: String, fast: Bool) -> String {
        do {
            let value = fast ? try request(body).decodeJSON(T.self) : try request(body).decodeJSON(ViaDecoder<T>.self).value
            return String(describing: value)
        } catch let error as APIError {
            return "error \(error.code): \(error.message)"
        } catch {
            return "error \(error)"
        }
    }

    /// Whether the body's own reader took it (no JSONDecoder).
    private func taken<T: JSONReadable>(_ type: T.Type, _ body: String) -> Bool {
        Array(body.utf8).withUnsafeBufferPointer { JSONObjectReader.read($0, T.init(json:)) } != nil
    }

    func testTheUsualShapesAreReadWithoutJSONDecoderAndDecodeTheSame() {
        let chat = [
            #"{"body":"Message 1 from thread 2 under load","locale":"en","platform":"ios"}"#,
            #"{ "body" : "Hi" , "imageTokens" : [ ] , "bundleId" : null }"#,
            #"{"body":"Crème brûlée 😀","locale":null,"platform":"ios","bundleId":"app.example","imageTokens":null}"#,
        ]
        for body in chat {
            XCTAssertTrue(taken(ChatSendBody.self, body), body)
            XCTAssertEqual(outcome(ChatSendBody.self, body, fast: true), outcome(ChatSendBody.self, body, fast: false), body)
        }
        let ideas = [
            #"{"board":"ideas","title":"Benchmark idea 1 2","description":"Created under load to measure writes."}"#,
            #"{"title":"Dark mode","authorName":null}"#, "{}",
        ]
        for body in ideas {
            XCTAssertTrue(taken(IdeasHandler.CreateBody.self, body), body)
            XCTAssertEqual(
                outcome(IdeasHandler.CreateBody.self, body, fast: true), outcome(IdeasHandler.CreateBody.self, body, fast: false),
                body)
        }
    }

    func testOtherShapesGoToJSONDecoderWithItsErrors() {
        // Given bodies the readers leave alone: escapes, photo tokens, unknown or duplicate
        // members, other kinds, trailing bytes, a byte-order mark, invalid UTF-8
        let chat = [
            #"{"body":"line\nbreak"}"#, #"{"body":"a","imageTokens":["t1"]}"#, #"{"body":"a","extra":1}"#,
            #"{"body":"a","body":"b"}"#, #"{"body":5}"#, #"{"locale":"en"}"#, #"{"body":"a"} x"#, "\u{FEFF}{\"body\":\"a\"}",
            #"{"body":"a","imageTokens":{}}"#, "[]", #"{"body":"a""#,
        ]
        for body in chat {
            XCTAssertFalse(taken(ChatSendBody.self, body), body)
            // Then the outcome is JSONDecoder's, errors included
            XCTAssertEqual(outcome(ChatSendBody.self, body, fast: true), outcome(ChatSendBody.self, body, fast: false), body)
        }
        let invalid = [UInt8](#"{"body":""#.utf8) + [0xC3, 0x28] + [UInt8](#""}"#.utf8)
        XCTAssertNil(invalid.withUnsafeBufferPointer { JSONObjectReader.read($0, ChatSendBody.init(json:)) })
        XCTAssertThrowsError(
            try HTTPRequest(
                method: "POST", path: "/", headers: HTTPHeaders([(name: "Content-Type", value: "application/json")]), body: invalid
            ).decodeJSON(ChatSendBody.self))
        for body in [#"{"title":"a","title":"b"}"#, #"{"title":1}"#, #"{"title":"a\/b"}"#, #"{"title":"a","votes":3}"#] {
            XCTAssertFalse(taken(IdeasHandler.CreateBody.self, body), body)
            XCTAssertEqual(
                outcome(IdeasHandler.CreateBody.self, body, fast: true), outcome(IdeasHandler.CreateBody.self, body, fast: false),
                body)
        }
    }

    func testGeneratedBodiesDecodeAsJSONDecoderDecodesThem() {
        // Given bodies made of known and unknown members, strings with and without escapes and
        // non-ASCII text, nulls, numbers, arrays and stray whitespace
        var random = SplitMix64(seed: 0x626F_6479)
        let names = ["body", "imageTokens", "locale", "platform", "bundleId", "title", "board", "description", "authorName", "x"]
        let values = [
            #""plain""#, #""é 日 😀""#, #""a\"b""#, #""\u00e9""#, "null", "1", "[]", #"["t"]"#, "{}", "true", #""""#,
        ]
        let spaces = ["", " ", "\n", "\t "]
        for round in 0..<3_000 {
            let count = Int(random.next() % 6)
            var members: [String] = []
            for _ in 0..<count {
                let space = spaces[Int(random.next() % UInt64(spaces.count))]
                members.append(
                    "\(space)\"\(names[Int(random.next() % UInt64(names.count))])\"\(space):\(space)"
                        + values[Int(random.next() % UInt64(values.count))] + space)
            }
            let body = "{" + members.joined(separator: ",") + "}"
            // Then each reader's outcome is JSONDecoder's
            XCTAssertEqual(
                outcome(ChatSendBody.self, body, fast: true), outcome(ChatSendBody.self, body, fast: false), "round \(round): \(body)")
            XCTAssertEqual(
                outcome(IdeasHandler.CreateBody.self, body, fast: true), outcome(IdeasHandler.CreateBody.self, body, fast: false),
                "round \(round): \(body)")
        }
    }
}

/// `Content-Type` decides JSON before any body is read: `application/json` in any case, with
/// parameters, spaces and tabs around it; nothing else.
final class JSONContentTypeTests: XCTestCase {
    private func isJSON(_ value: String?) -> Bool {
        HTTPRequest(method: "POST", path: "/", headers: HTTPHeaders(value.map { [(name: "Content-Type", value: $0)] } ?? []))
            .hasJSONContentType
    }

    func testJSONMediaTypesAreRecognizedInAnyCaseAndWithParameters() {
        for value in [
            "application/json", "Application/JSON", " application/json ", "\tapplication/json; charset=utf-8",
            "application/json;charset=UTF-8", "APPLICATION/JSON ;", "application/json\u{00A0}",
        ] {
            XCTAssertTrue(isJSON(value), value)
        }
    }

    func testOtherMediaTypesAreNot() {
        for value in [
            nil, "", ";", "text/plain", "application/jsonx", "application/json-patch+json", "application\u{0F}json",
            "application /json", "xapplication/json", "application/jsoN\u{301}", "applİcation/json", "multipart/form-data",
        ] {
            XCTAssertFalse(isJSON(value), value ?? "nil")
        }
    }
}
