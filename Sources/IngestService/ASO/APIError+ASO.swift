import HubHTTPServer
import HubMessaging

extension APIError {
    /// The ASO tools need a plan with ASO access; `fields.required_plan` names the lowest, as
    /// the market routes' refusals do, so an MCP agent is told `pro` rather than guessing.
    static let asoPlanRequired = APIError(
        status: 403, code: ASOErrorCode.planRequired,
        message: "ASO tools need a plan with ASO access (Pro, Studio or self-hosted).", fields: ["required_plan": ["pro"]])
}
