/// Stable error codes pushd answers with.
public enum PushErrorCode {
    public static let credentialsNotFound = "PUSH_CREDENTIALS_NOT_FOUND"
    /// `APPNORTH_CREDENTIALS_KEY` is not set, so a key cannot be sealed.
    public static let keyringNotConfigured = "CREDENTIALS_KEY_NOT_CONFIGURED"
    public static let invalidPayload = "INVALID_PAYLOAD"
}

extension RPCError {
    public static func pushCredentialsNotFound() -> RPCError {
        RPCError(code: PushErrorCode.credentialsNotFound, message: "This project has no APNs credentials.", status: 404)
    }

    public static func keyringNotConfigured() -> RPCError {
        RPCError(
            code: PushErrorCode.keyringNotConfigured,
            message: "APPNORTH_CREDENTIALS_KEY is not configured; APNs keys cannot be stored.", status: 503)
    }
}
