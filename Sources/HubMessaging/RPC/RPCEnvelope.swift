import Foundation

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

    public static func encodeRequest<Body: Encodable>(v: Int, type: String, id: String, deadline: Int64, body: Body) throws -> Data {
        try JSONEncoder().encode(RequestOut(v: v, type: type, id: id, deadline: deadline, body: body))
    }

    public static func encodeReply<Body: Encodable>(v: Int, type: String, id: String, body: Body) throws -> Data {
        try JSONEncoder().encode(ReplyOut(v: v, type: type, id: id, ok: true, body: body, error: nil))
    }

    /// Never fails: an error reply is made of strings and numbers only.
    public static func encodeErrorReply(v: Int, type: String, id: String, error: RPCError) -> Data {
        if let data = try? JSONEncoder().encode(ReplyOut<RPCEmpty>(v: v, type: type, id: id, ok: false, body: nil, error: error)) {
            return data
        }
        return Data(
            "{\"v\":\(v),\"type\":\"\",\"id\":\"\",\"ok\":false,\"error\":{\"code\":\"INTERNAL\",\"message\":\"unencodable error\",\"status\":500,\"fields\":null}}"
                .utf8)
    }

    // MARK: Decoding

    /// Reads the request envelope. On failure the error carries the ID when one could be read,
    /// so the reply can still be matched by the caller.
    public static func decodeRequestHeader(_ frame: Data) -> Result<RequestHeader, HeaderFailure> {
        guard let loose = try? JSONDecoder().decode(LooseFields.self, from: frame) else {
            return .failure(HeaderFailure(id: "", error: .malformedMessage("request is not a JSON object")))
        }
        var missing: [String] = []
        if loose.v == nil { missing.append("v") }
        if loose.type == nil { missing.append("type") }
        if loose.id == nil { missing.append("id") }
        if loose.deadline == nil { missing.append("deadline") }
        if !loose.hasBody { missing.append("body") }
        guard let v = loose.v, let type = loose.type, let id = loose.id, let deadline = loose.deadline, loose.hasBody else {
            return .failure(
                HeaderFailure(
                    id: loose.id ?? "", error: .malformedMessage("envelope missing or invalid: \(missing.joined(separator: ", "))")))
        }
        return .success(RequestHeader(v: v, type: type, id: id, deadline: deadline))
    }

    /// Reads the reply envelope's ID and outcome; nil when the frame is not a reply.
    public static func decodeReplyHeader(_ frame: Data) -> ReplyHeader? {
        guard let loose = try? JSONDecoder().decode(LooseFields.self, from: frame),
            let v = loose.v, let type = loose.type, let id = loose.id, let ok = loose.ok
        else { return nil }
        return ReplyHeader(v: v, type: type, id: id, ok: ok)
    }

    /// Decodes a request's body as the handler's request type.
    public static func decodeRequestBody<Body: Decodable>(_ type: Body.Type, from frame: Data) -> Result<Body, RPCError> {
        do {
            return .success(try JSONDecoder().decode(BodyIn<Body>.self, from: frame).body)
        } catch {
            return .failure(.malformedMessage("body does not match the request: \(describe(error))"))
        }
    }

    /// Decodes a whole reply into the caller's result.
    public static func decodeReply<Body: Decodable>(_ type: Body.Type, from frame: Data) -> Result<Body, RPCError> {
        guard let header = decodeReplyHeader(frame) else { return .failure(.malformedMessage("reply is not an envelope")) }
        do {
            if header.ok { return .success(try JSONDecoder().decode(BodyIn<Body>.self, from: frame).body) }
            return .failure(try JSONDecoder().decode(ErrorIn.self, from: frame).error)
        } catch {
            return .failure(.malformedMessage("reply does not match the response: \(describe(error))"))
        }
    }

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

// MARK: - Wire shapes

private struct RequestOut<Body: Encodable>: Encodable {
    let v: Int
    let type: String
    let id: String
    let deadline: Int64
    let body: Body
}

private struct ReplyOut<Body: Encodable>: Encodable {
    let v: Int
    let type: String
    let id: String
    let ok: Bool
    let body: Body?
    let error: RPCError?

    enum CodingKeys: String, CodingKey { case v, type, id, ok, body, error }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(v, forKey: .v)
        try c.encode(type, forKey: .type)
        try c.encode(id, forKey: .id)
        try c.encode(ok, forKey: .ok)
        if let body { try c.encode(body, forKey: .body) }
        if let error { try c.encode(error, forKey: .error) }
    }
}

private struct BodyIn<Body: Decodable>: Decodable { let body: Body }

private struct ErrorIn: Decodable { let error: RPCError }

/// Every envelope field, each read on its own so one bad field does not hide the others
/// (in particular the ID, which an error reply must echo).
private struct LooseFields: Decodable {
    var v: Int?
    var type: String?
    var id: String?
    var deadline: Int64?
    var ok: Bool?
    var hasBody = false

    enum CodingKeys: String, CodingKey { case v, type, id, deadline, ok, body }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        v = try? c.decode(Int.self, forKey: .v)
        type = try? c.decode(String.self, forKey: .type)
        id = try? c.decode(String.self, forKey: .id)
        deadline = try? c.decode(Int64.self, forKey: .deadline)
        ok = try? c.decode(Bool.self, forKey: .ok)
        hasBody = c.contains(.body)
    }
}
