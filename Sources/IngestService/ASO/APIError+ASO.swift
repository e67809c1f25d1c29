import HubHTTPServer
import HubMessaging

extension APIError {
    /// The ASO tools need a plan with ASO access.
    static let asoPlanRequired = APIError(
        status: 403, code: ASOErrorCode.planRequired,
        message: "ASO tools need a plan with ASO access (Pro, Studio or self-hosted).")
}
