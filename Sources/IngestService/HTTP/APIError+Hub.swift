import HubHTTPServer

/// The stable codes of the hub's HTTP conventions (docs/http-conventions.md; docs/limits.md,
/// "Error codes"), made in one place so handlers never spell a code or status themselves.
extension APIError {
    public static func invalidPayload(_ fields: [String: [String]], message: String = "Some fields are invalid.") -> APIError {
        APIError(status: 400, code: "INVALID_PAYLOAD", message: message, fields: fields)
    }

    public static func invalidQuery(_ fields: [String: [String]], message: String = "Some query parameters are invalid.") -> APIError {
        APIError(status: 400, code: "INVALID_QUERY", message: message, fields: fields)
    }

    public static let invalidAppId = APIError(
        status: 400, code: "INVALID_APP_ID",
        message: "app_id must be a public App ID of 3-100 characters.")
    public static let projectNotFound = APIError(status: 404, code: "PROJECT_NOT_FOUND", message: "No project has this App ID.")
    public static let originNotAllowed = APIError(
        status: 403, code: "ORIGIN_NOT_ALLOWED",
        message: "This Origin is not an allowed origin of the project.")
    public static let identityRequired = APIError(
        status: 401, code: "IDENTITY_REQUIRED",
        message: "This action needs a verified identity.")
    public static func invalidIdentity(_ message: String = "The identity credential is invalid or expired.") -> APIError {
        APIError(status: 401, code: "INVALID_IDENTITY", message: message)
    }
    public static let identityNotConfigured = APIError(
        status: 401, code: "IDENTITY_NOT_CONFIGURED",
        message: "Identity verification is not configured for this project.")
    public static let actionDisabled = APIError(status: 403, code: "ACTION_DISABLED", message: "This action is disabled on this board.")
    public static let invalidIdempotencyKey = APIError(
        status: 400, code: "INVALID_IDEMPOTENCY_KEY",
        message: "Idempotency-Key must be 8-128 characters of letters, digits, '.', '_', ':' and '-'.")
    public static let idempotencyConflict = APIError(
        status: 409, code: "IDEMPOTENCY_CONFLICT",
        message: "This Idempotency-Key was used with a different payload.")
    public static let unauthorized = APIError(
        status: 401, code: "UNAUTHORIZED",
        message: "A valid operator API token is required (Authorization: Bearer an_…).")
    public static let forbidden = APIError(status: 403, code: "FORBIDDEN", message: "This token's scope does not allow this action.")
    public static let writeNotAllowed = APIError(
        status: 403, code: "WRITE_NOT_ALLOWED",
        message: "This token writes only while its author is an owner or admin of the organization.")
}
