import HubHTTPServer

/// The stable codes of the private feedback routes (docs/limits.md, "Error codes").
extension APIError {
    public static let invalidScreenshot = APIError(
        status: 400, code: "INVALID_SCREENSHOT",
        message: "The screenshot must be a PNG, JPEG or WebP base64 data URL of at most 2,800,000 characters whose bytes match its type.")
    public static let appIdMismatch = APIError(
        status: 400, code: "APP_ID_MISMATCH",
        message: "The body's appId differs from the app_id query parameter.")
    public static let identityEmailMismatch = APIError(
        status: 400, code: "IDENTITY_EMAIL_MISMATCH",
        message: "The contact email must equal the verified identity's email.")
    public static let feedbackNotFound = APIError(status: 404, code: "FEEDBACK_NOT_FOUND", message: "No report of yours has this ID.")
}
