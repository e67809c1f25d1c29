import Foundation
import HubRuntime

/// `chat.send` as ingest calls it for `POST /api/v1/chat/messages`: the same request and the
/// same reply on the wire (chatd serves `ChatSend`), read for the HTTP answer, whose body is
/// the reply's `message` object. A message without photos is that object's bytes as chatd
/// wrote them (`ChatMessageDTO.writeJSON`, the writer the HTTP answer uses too), kept whole:
/// decoding it into a `ChatMessageDTO` only to write the same bytes again cost ingest about
/// 20,000 instructions a message. A message with photos is decoded, for its image keys to
/// become signed URLs.
public enum ChatSendForHTTP: RPCMessage {
    public static let type = ChatSend.type
    public typealias Request = ChatSend.Request

    public struct Reply: Codable, Equatable, Sendable {
        public enum Message: Equatable, Sendable {
            /// The message object as chatd wrote it: no photos, no `internal` flag.
            case written([UInt8])
            case decoded(ChatMessageDTO)
        }

        public var message: Message
        public var replayed: Bool

        public init(message: Message, replayed: Bool) {
            self.message = message
            self.replayed = replayed
        }

        /// What anything but the reader below decodes: the reply as `ChatSend.Response`.
        public init(from decoder: Decoder) throws {
            let response = try ChatSend.Response(from: decoder)
            self.init(message: .decoded(response.message), replayed: response.replayed)
        }

        public func encode(to encoder: Encoder) throws {
            try response.encode(to: encoder)
        }

        /// The reply as `ChatSend.Response` (the written message decoded).
        public var response: ChatSend.Response {
            get throws {
                switch message {
                case .decoded(let message): return ChatSend.Response(message: message, replayed: replayed)
                case .written(let bytes):
                    return ChatSend.Response(
                        message: try JSONDecoder().decode(ChatMessageDTO.self, from: Data(bytes)), replayed: replayed)
                }
            }
        }
    }
    public typealias Response = Reply
}

extension ChatSendForHTTP.Reply: RPCJSONBody {
    init?(json: JSONObjectReader) {
        guard let response = ChatSend.Response(json: json) else { return nil }
        self.init(message: .decoded(response.message), replayed: response.replayed)
    }

    func writeJSON(to out: inout JSONBuffer) {
        out += "{\"message\":"
        switch message {
        case .written(let bytes): out.bytes += bytes
        case .decoded(let message): message.writeJSON(to: &out)
        }
        out += replayed ? ",\"replayed\":true}" : ",\"replayed\":false}"
    }

    private static let opening = Array("{\"message\":".utf8)
    private static let replayedEnd = Array(",\"replayed\":true}".utf8)
    private static let freshEnd = Array(",\"replayed\":false}".utf8)
    /// How `ChatMessageDTO.writeJSON` ends a message with no photo and no `internal` flag:
    /// `images` is its last member.
    private static let plainMessageEnd = Array(",\"images\":[]}".utf8)

    /// The reply `ChatSend.Response.writeJSON` writes, `{"message":…,"replayed":…}`, with the
    /// message kept as written when it ends as a message without photos ends; anything else
    /// is read member by member (and what that does not read, by JSONDecoder).
    static func read<Target>(_ frame: Data, _ range: Range<Int>, as target: Target.Type) -> Target? {
        let written: Self? = frame.withUnsafeBytes { raw in
            let all = raw.bindMemory(to: UInt8.self)
            guard range.lowerBound >= 0, range.upperBound <= all.count else { return nil }
            let body = UnsafeBufferPointer(rebasing: all[range])
            guard body.starts(with: opening) else { return nil }
            let replayed: Bool
            if body.count >= opening.count + replayedEnd.count, body.suffix(replayedEnd.count).elementsEqual(replayedEnd) {
                replayed = true
            } else if body.count >= opening.count + freshEnd.count, body.suffix(freshEnd.count).elementsEqual(freshEnd) {
                replayed = false
            } else {
                return nil
            }
            let message = body[opening.count..<(body.count - (replayed ? replayedEnd.count : freshEnd.count))]
            guard message.first == UInt8(ascii: "{"), message.count > plainMessageEnd.count,
                message.suffix(plainMessageEnd.count).elementsEqual(plainMessageEnd)
            else { return nil }
            return Self(message: .written(Array(message)), replayed: replayed)
        }
        if let written { return written as? Target }
        return JSONObjectReader.read(frame, range, Self.init(json:)) as? Target
    }
}
