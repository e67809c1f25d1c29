/// chatd's application errors: stable codes with the HTTP status ingest answers with.
public enum ChatErrorCode {
    public static let conversationNotFound = "CONVERSATION_NOT_FOUND"
    public static let messageNotFound = "MESSAGE_NOT_FOUND"
    public static let invalidPayload = "INVALID_PAYLOAD"
    public static let idempotencyConflict = "IDEMPOTENCY_CONFLICT"
    public static let conversationResolved = "CONVERSATION_RESOLVED"
}

extension RPCError {
    public static func conversationNotFound() -> RPCError {
        RPCError(code: ChatErrorCode.conversationNotFound, message: "conversation not found", status: 404)
    }

    public static func messageNotFound() -> RPCError {
        RPCError(code: ChatErrorCode.messageNotFound, message: "message not found", status: 404)
    }

    /// 400 with the problem of one field.
    public static func invalidPayload(field: String, _ problem: String) -> RPCError {
        RPCError(code: ChatErrorCode.invalidPayload, message: "\(field): \(problem)", status: 400, fields: [field: [problem]])
    }

    public static func idempotencyConflict() -> RPCError {
        RPCError(
            code: ChatErrorCode.idempotencyConflict,
            message: "the idempotency key was already used with another payload", status: 409)
    }

    /// A reply that asked for an open conversation (`ChatTeamPost.Request.requireOpen`) came
    /// after it was resolved: a chat-ops integration must not answer into a closed thread.
    public static func conversationResolved() -> RPCError {
        RPCError(code: ChatErrorCode.conversationResolved, message: "the conversation is resolved", status: 409)
    }
}
