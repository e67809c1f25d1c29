import Foundation
import HubCrypto
import HubHTTPServer
import HubMessaging

/// `/api/v1/chat/messages`: the participant's conversation (reading marks the team's replies
/// read) and sending a message, with an optional `Idempotency-Key` that chatd honours.
struct ChatMessagesHandler {
    let access: ChatAccess
    let chat: BackendForwarding
    /// Signs the read URLs of photos in messages.
    let uploads: ChatImageUploads
    /// Message reads per (project, client IP).
    let reads: RateLimiter
    /// Message creation per (project, client IP).
    let creations: RateLimiter

    static let maxAfterLength = 200

    func list(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        switch try access.resolve(request, write: false) {
        case .unavailable:
            respond(.success(.jsonBytes(Array("{\"available\":false,\"messages\":[]}".utf8))))
        case .owner(let owner, let context):
            try reads.consume(context.project.id + "|" + context.clientAddress)
            let after = CommunityHTTP.nonEmptyQuery(request, "after")
            if let after, after.utf8.count > ChatMessagesHandler.maxAfterLength {
                throw APIError.invalidQuery(["after": ["must be a message ID"]])
            }
            let base = uploads.base(for: request)
            chat.forward(ChatMessagesList.self, ChatMessagesList.Request(owner: owner, after: after), respond: respond) {
                .json(ChatThreadJSON(available: true, messages: $0.messages.map { uploads.signer.signed($0, base: base) }))
            }
        }
    }

    func send(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let (owner, context) = try access.requireOwner(request)
        try creations.consume(context.project.id + "|" + context.clientAddress)
        let key = CommunityHTTP.idempotencyKey(request)
        if let key, !IngestStore.isValidIdempotencyKey(key) { throw APIError.invalidIdempotencyKey }
        let body = try request.decodeJSON(ChatSendBody.self)
        let call = ChatSend.Request(
            owner: owner, body: body.body, imageTokens: body.imageTokens ?? [], locale: body.locale,
            platform: body.platform, bundleId: body.bundleId, idempotencyKey: key,
            payloadHash: SHA256.hex(IngestStore.canonicalPayload(request.body)))
        let base = uploads.base(for: request)
        chat.forward(ChatSendForHTTP.self, call, respond: respond) { response in
            var reply: HTTPResponse
            switch response.message {
            case .written(let message): reply = .jsonBytes(message, status: 201)
            case .decoded(let message): reply = .json(uploads.signer.signed(message, base: base), status: 201)
            }
            if response.replayed { reply.headers.append(("Idempotency-Replayed", "true")) }
            return reply
        }
    }
}

/// `{"available","messages":[ChatMessage]}`.
struct ChatThreadJSON: Encodable {
    let available: Bool
    let messages: [ChatMessageDTO]
}
