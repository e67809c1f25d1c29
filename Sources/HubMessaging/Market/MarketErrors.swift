/// marketd's application errors: stable codes with the HTTP status ingest answers with.
public enum MarketErrorCode {
    public static let invalidPayload = "INVALID_PAYLOAD"
    public static let invalidQuery = "INVALID_QUERY"
    public static let notFound = "NOT_FOUND"
    public static let planRequired = "PLAN_REQUIRED"
    public static let watchlistLimit = "WATCHLIST_LIMIT"
    public static let favoritesLimit = "FAVORITES_LIMIT"
    public static let folderLimit = "FOLDER_LIMIT"
    public static let folderNameTaken = "FOLDER_NAME_TAKEN"
    public static let recordConflict = "RECORD_CONFLICT"
}

extension RPCError {
    /// 400 `INVALID_QUERY` with every parameter problem.
    public static func marketInvalidQuery(_ fields: [String: [String]]) -> RPCError {
        RPCError(code: MarketErrorCode.invalidQuery, message: "Some query parameters are invalid.", status: 400, fields: fields)
    }

    /// 400 `INVALID_PAYLOAD` with every field problem.
    public static func marketInvalidPayload(_ fields: [String: [String]]) -> RPCError {
        RPCError(code: MarketErrorCode.invalidPayload, message: "Some fields are invalid.", status: 400, fields: fields)
    }

    public static func marketNotFound(_ what: String) -> RPCError {
        RPCError(code: MarketErrorCode.notFound, message: "\(what) not found", status: 404)
    }

    /// 403 `PLAN_REQUIRED`: the organization's plan does not include the feature.
    public static func planRequired(_ feature: String, requiredPlan: String = "studio") -> RPCError {
        RPCError(
            code: MarketErrorCode.planRequired, message: "\(feature) needs the \(requiredPlan) plan.", status: 403,
            fields: ["required_plan": [requiredPlan]])
    }
}
