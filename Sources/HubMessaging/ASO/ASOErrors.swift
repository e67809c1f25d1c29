/// Stable error codes of asod, as ingest answers them.
public enum ASOErrorCode {
    public static let invalidQuery = "INVALID_QUERY"
    public static let invalidPayload = "INVALID_PAYLOAD"
    public static let planRequired = "PLAN_REQUIRED"
    public static let quotaExhausted = "QUOTA_EXHAUSTED"
    public static let providerUnavailable = "PROVIDER_UNAVAILABLE"
    public static let providerRateLimited = "PROVIDER_RATE_LIMITED"
    public static let keywordLimit = "KEYWORD_LIMIT"
    public static let keywordNotFound = "KEYWORD_NOT_FOUND"
    public static let appStoreIdRequired = "APP_STORE_ID_REQUIRED"
    /// The field of `PROVIDER_RATE_LIMITED` carrying the provider's `Retry-After` seconds; ingest
    /// moves it into the HTTP header and drops it from the body.
    public static let retryAfterField = RPCError.retryAfterField
}

extension RPCError {
    public static func asoInvalidQuery(_ fields: [String: [String]]) -> RPCError {
        RPCError(code: ASOErrorCode.invalidQuery, message: "Some query parameters are invalid.", status: 400, fields: fields)
    }

    public static func asoInvalidPayload(_ fields: [String: [String]]) -> RPCError {
        RPCError(code: ASOErrorCode.invalidPayload, message: "Some fields are invalid.", status: 400, fields: fields)
    }

    public static func asoPlanRequired() -> RPCError {
        RPCError(
            code: ASOErrorCode.planRequired, message: "ASO tools need a plan with ASO access (Pro, Studio or self-hosted).",
            status: 403, fields: ["required_plan": ["pro"]])
    }

    public static func asoQuotaExhausted(limit: Int, resetsAt: String) -> RPCError {
        RPCError(
            code: ASOErrorCode.quotaExhausted,
            message:
                "The organization used its \(limit) live searches for today; the quota resets at \(resetsAt). Cached terms still open.",
            status: 429)
    }

    public static func asoProviderUnavailable(_ reason: String) -> RPCError {
        RPCError(code: ASOErrorCode.providerUnavailable, message: "The App Store search provider failed: \(reason)", status: 502)
    }

    public static func asoProviderRateLimited(retryAfter: Int) -> RPCError {
        RPCError(
            code: ASOErrorCode.providerRateLimited,
            message: "The App Store search provider is throttling requests; retry after \(retryAfter) s.",
            status: 503, fields: [ASOErrorCode.retryAfterField: [String(retryAfter)]])
    }

    public static func asoKeywordLimit(allowance: Int) -> RPCError {
        RPCError(
            code: ASOErrorCode.keywordLimit,
            message: "The organization's plan allows \(allowance) tracked keywords; remove some before adding more.", status: 409)
    }

    public static func asoKeywordNotFound() -> RPCError {
        RPCError(code: ASOErrorCode.keywordNotFound, message: "No such tracked keyword in this project.", status: 404)
    }
}
