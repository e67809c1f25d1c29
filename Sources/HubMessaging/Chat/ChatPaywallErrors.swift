extension ChatErrorCode {
    /// The paywall is not in the conversation owner's latest snapshot.
    public static let unknownPaywall = "UNKNOWN_PAYWALL"
}

extension RPCError {
    public static func unknownPaywall(_ id: String) -> RPCError {
        RPCError(
            code: ChatErrorCode.unknownPaywall, message: "paywall \"\(id)\" is not in the user's latest catalog",
            status: 400, fields: ["paywallId": ["is not in the user's latest catalog"]])
    }
}
