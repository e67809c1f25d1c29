import Foundation
import HubRuntime

/// The wire format: one ZeroMQ frame holding a JSON envelope.
///
/// Request: `{"v":1,"type":"chat.send","id":"…","deadline":<unix ms>,"body":{…}}`
/// Reply:   `{"v":1,"type":"chat.send","id":"…","ok":true,"body":{…}}` or
///          `{"v":1,"type":"chat.send","id":"…","ok":false,"error":{"code":…,"message":…,"status":…,"fields":…}}`
public enum RPCEnvelope {
    /// The envelope fields of a request, read before the body so the server can pick a handler.
    public struct RequestHeader: Equatable, Sendable {
        public let v: Int
        public let type: String
        public let id: String
        public let deadline: Int64
    }

    /// The envelope fields of a reply, read before the body so the caller can match the ID.
    public struct ReplyHeader: Equatable, Sendable {
        public let v: Int
        public let type: String
        public let id: String
        public let ok: Bool
    }

    /// A request envelope that could not be read, with the ID when one was found.
    public struct HeaderFailure: Error, Equatable {
        public let id: String
        public let error: RPCError
    }

    // MARK: Encoding

    // The envelope is written by hand around the body JSONEncoder writes: Codable's generic
    // wrapper cost more than the body itself.

    public static func encodeRequest<Body: Encodable>(v: Int, type: String, id: String, deadline: Int64, body: Body) throws -> Data {
        Data(try requestBytes(v: v, type: type, id: id, deadline: deadline, body: body))
    }

    public static func encodeReply<Body: Encodable>(v: Int, type: String, id: String, body: Body) throws -> Data {
        Data(try replyBytes(v: v, type: type, id: id, body: body))
    }

    /// Never fails: an error reply is made of strings and numbers only.
    public static func encodeErrorReply(v: Int, type: String, id: String, error: RPCError) -> Data {
        Data(errorReplyBytes(v: v, type: type, id: id, error: error))
    }

    // The frames the client and server send themselves stay bytes: a `Data` made of them
    // would be one more allocation and copy a call, and one more to free.

    static func requestBytes<Body: Encodable>(v: Int, type: String, id: String, deadline: Int64, body: Body) throws -> [UInt8] {
        try envelope(v: v, type: type, id: id, .request(deadline: deadline), body: body)
    }

    static func replyBytes<Body: Encodable>(v: Int, type: String, id: String, body: Body) throws -> [UInt8] {
        try envelope(v: v, type: type, id: id, .reply, body: body)
    }

    static func errorReplyBytes(v: Int, type: String, id: String, error: RPCError) -> [UInt8] {
        if let data = try? encoder.encode(error) {
            var out = JSONBuffer()
            open(&out, v: v, type: type, id: id, .errorReply)
            out.bytes.append(contentsOf: data)
            out.literal("}")
            return out.bytes
        }
        return Array(
            "{\"v\":\(v),\"type\":\"\",\"id\":\"\",\"ok\":false,\"error\":{\"code\":\"INTERNAL\",\"message\":\"unencodable error\",\"status\":500,\"fields\":null}}"
                .utf8)
    }

    /// The opening, then `body` (written by the body itself when it can, `RPCJSONBody`), then
    /// the envelope's closing brace. The opening is written into this function's own buffer:
    /// one handed in would be shared with the caller's copy, and the first append would copy it.
    private static func envelope<Body: Encodable>(v: Int, type: String, id: String, _ tail: Tail, body: Body) throws -> [UInt8] {
        var out = JSONBuffer()
        open(&out, v: v, type: type, id: id, tail)
        if (Body.self as? RPCJSONBody.Type)?.write(body, to: &out) != true {
            out.bytes.append(contentsOf: try encoder.encode(body))
        }
        out.literal("}")
        return out.bytes
    }

    /// What follows an envelope's `id`: a request's deadline, or a reply's outcome, then the
    /// key of the body (or error) that comes next.
    private enum Tail {
        case request(deadline: Int64)
        case reply
        case errorReply
    }

    /// Appends `{"v":v,"type":"type","id":"id"` and the tail, up to where the body starts.
    private static func open(_ out: inout JSONBuffer, v: Int, type: String, id: String, _ tail: Tail) {
        out.literal("{\"v\":")
        out.integer(Int64(v))
        out.literal(",\"type\":")
        out.string(type)
        out.literal(",\"id\":")
        out.string(id)
        switch tail {
        case .request(let deadline):
            out.literal(",\"deadline\":")
            out.integer(deadline)
            out.literal(",\"body\":")
        case .reply: out.literal(",\"ok\":true,\"body\":")
        case .errorReply: out.literal(",\"ok\":false,\"error\":")
        }
    }

    // MARK: Decoding

    /// Reads the request envelope. On failure the error carries the ID when one could be read,
    /// so the reply can still be matched by the caller.
    public static func decodeRequestHeader(_ frame: Data) -> Result<RequestHeader, HeaderFailure> {
        decodeRequest(frame).map { $0.header }
    }

    /// Reads the request envelope and where its body lies in the frame, in one pass, so the
    /// server reads the frame once before decoding the body.
    static func decodeRequest(_ frame: Data) -> Result<(header: RequestHeader, body: Range<Int>), HeaderFailure> {
        guard let fields = RPCEnvelopeFields(frame) else {
            return .failure(HeaderFailure(id: "", error: .malformedMessage("request is not a JSON object")))
        }
        guard let v = fields.v, let type = fields.type, let id = fields.id, let deadline = fields.deadline, let body = fields.body else {
            var missing: [String] = []
            if fields.v == nil { missing.append("v") }
            if fields.type == nil { missing.append("type") }
            if fields.id == nil { missing.append("id") }
            if fields.deadline == nil { missing.append("deadline") }
            if fields.body == nil { missing.append("body") }
            return .failure(
                HeaderFailure(
                    id: fields.id ?? "", error: .malformedMessage("envelope missing or invalid: \(missing.joined(separator: ", "))")))
        }
        return .success((RequestHeader(v: v, type: type, id: id, deadline: deadline), body))
    }

    /// Reads the reply envelope's ID and outcome; nil when the frame is not a reply.
    public static func decodeReplyHeader(_ frame: Data) -> ReplyHeader? {
        guard let fields = RPCEnvelopeFields(frame), let v = fields.v, let type = fields.type, let id = fields.id, let ok = fields.ok
        else { return nil }
        return ReplyHeader(v: v, type: type, id: id, ok: ok)
    }

    /// Decodes a request's body as the handler's request type.
    public static func decodeRequestBody<Body: Decodable>(_ type: Body.Type, from frame: Data) -> Result<Body, RPCError> {
        guard let range = RPCEnvelopeFields(frame)?.body else { return .failure(.malformedMessage("request has no body")) }
        return decodeRequestBody(type, from: frame, at: range)
    }

    /// Decodes the request body found at `range` of `frame` by `decodeRequest`.
    static func decodeRequestBody<Body: Decodable>(_ type: Body.Type, from frame: Data, at range: Range<Int>) -> Result<Body, RPCError> {
        do {
            return .success(try decodeBody(Body.self, from: frame, at: range))
        } catch {
            return .failure(.malformedMessage("body does not match the request: \(describe(error))"))
        }
    }

    /// Decodes a whole reply into the caller's result.
    public static func decodeReply<Body: Decodable>(_ type: Body.Type, from frame: Data) -> Result<Body, RPCError> {
        decodeReplyWithID(type, from: frame)?.result ?? .failure(.malformedMessage("reply is not an envelope"))
    }

    /// Decodes a whole reply: the ID it answers and the caller's result; nil when the frame is
    /// not a reply envelope.
    public static func decodeReplyWithID<Body: Decodable>(_ type: Body.Type, from frame: Data) -> (
        id: String, result: Result<Body, RPCError>
    )? {
        decodeReplyWithID(type, from: frame, expecting: nil)
    }

    /// `decodeReplyWithID` for a caller waiting on `expectedID`: a reply to it, its ID written
    /// without escapes, gives back that `String` rather than a new one read from the frame.
    static func decodeReplyWithID<Body: Decodable>(_ type: Body.Type, from frame: Data, expecting expectedID: String?) -> (
        id: String, result: Result<Body, RPCError>
    )? {
        guard let reply = readReply(frame, expecting: expectedID) else { return nil }
        return (reply.id, decodeReply(type, from: reply))
    }

    /// A reply frame whose envelope was read: the I/O thread matches it to its call by ID, and
    /// the call decodes its body without reading the envelope again.
    struct ReadReply {
        let frame: Data
        let id: String
        fileprivate let ok: Bool
        fileprivate let fields: RPCEnvelopeFields
    }

    /// The reply's envelope; nil when the frame is not a reply envelope.
    static func readReply(_ frame: Data, expecting expectedID: String? = nil) -> ReadReply? {
        guard let fields = RPCEnvelopeFields(frame, expectedID: expectedID), fields.v != nil, fields.type != nil, let id = fields.id,
            let ok = fields.ok
        else { return nil }
        return ReadReply(frame: frame, id: id, ok: ok, fields: fields)
    }

    /// The caller's result from a reply whose envelope was read.
    static func decodeReply<Body: Decodable>(_ type: Body.Type, from reply: ReadReply) -> Result<Body, RPCError> {
        let (frame, fields, ok) = (reply.frame, reply.fields, reply.ok)
        do {
            if ok {
                guard let body = fields.body else {
                    return .failure(.malformedMessage("reply does not match the response: missing body"))
                }
                return .success(try decodeBody(Body.self, from: frame, at: body))
            }
            guard let error = fields.error else {
                return .failure(.malformedMessage("reply does not match the response: missing error"))
            }
            return .failure(try decoder.decode(RPCError.self, from: slice(frame, error)))
        } catch {
            return .failure(.malformedMessage("reply does not match the response: \(describe(error))"))
        }
    }

    /// The body at `range` of `frame`: read by the body itself when it can (`RPCJSONBody`),
    /// else, or when it does not read it, by JSONDecoder.
    private static func decodeBody<Body: Decodable>(_ type: Body.Type, from frame: Data, at range: Range<Int>) throws -> Body {
        if let own = Body.self as? RPCJSONBody.Type, let body = own.read(frame, range, as: Body.self) {
            return body
        }
        return try decoder.decode(Body.self, from: slice(frame, range))
    }

    /// The bytes of `range` (offsets from the frame's start) as their own `Data`.
    private static func slice(_ frame: Data, _ range: Range<Int>) -> Data {
        frame.subdata(in: (frame.startIndex + range.lowerBound)..<(frame.startIndex + range.upperBound))
    }

    /// One decoder and one encoder for every call: they hold no state between calls.
    private static let decoder = JSONDecoder()
    private static let encoder = JSONEncoder()

    /// A decoding error in a few words, without echoing any of the payload.
    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "invalid JSON" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \((context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "invalid JSON" : "invalid value at \(path(context))"
        @unknown default:
            return "invalid"
        }
    }
}
