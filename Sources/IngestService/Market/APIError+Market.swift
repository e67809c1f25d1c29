import HubHTTPServer

extension APIError {
    /// 403 `PLAN_REQUIRED`: the organization's plan does not include this market feature.
    static func planRequired(_ feature: String, requiredPlan: String = "studio") -> APIError {
        APIError(
            status: 403, code: "PLAN_REQUIRED", message: "\(feature) needs the \(requiredPlan) plan.",
            fields: ["required_plan": [requiredPlan]])
    }
}
