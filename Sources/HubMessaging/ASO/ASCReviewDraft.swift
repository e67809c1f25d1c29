import HubRuntime

/// `reviews.draft`: a reply to one stored review written by the configured AI provider, for a
/// person to edit. It never publishes. The provider sees the app's name and the review's title,
/// body, rating and territory only. One draft of the organization's monthly allowance is spent
/// when a draft came back, never on a refusal or a provider failure.
public enum ASCReviewDraft: RPCMessage {
    public static let type = "reviews.draft"

    public struct Request: Codable, Equatable, Sendable {
        public var review: ASCReviewRef
        /// The project's name, as ingest knows it.
        public var appName: String
        public var plan: OrganizationPlan
        public init(review: ASCReviewRef, appName: String, plan: OrganizationPlan) {
            self.review = review
            self.appName = appName
            self.plan = plan
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        /// Trimmed, at most Apple's 5,970 characters.
        public var text: String
        /// The allowance after this draft.
        public var allowance: ASCDraftAllowance
        public init(text: String, allowance: ASCDraftAllowance) {
            self.text = text
            self.allowance = allowance
        }
    }
}

/// An organization's review drafts in the current UTC month.
public struct ASCDraftAllowance: Codable, Equatable, Sendable {
    /// Drafts per month; nil: no limit.
    public var limit: Int?
    public var used: Int
    /// nil: no limit.
    public var remaining: Int?
    /// The first instant of the next UTC month, ISO-8601.
    public var resetsAt: String

    public init(limit: Int?, used: Int, resetsAt: String) {
        self.limit = limit
        self.used = used
        remaining = limit.map { max(0, $0 - used) }
        self.resetsAt = resetsAt
    }

    private enum CodingKeys: String, CodingKey { case limit, used, remaining, resetsAt }

    // Every key is present; no limit is null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(limit, forKey: .limit)
        try c.encode(used, forKey: .used)
        try c.encode(remaining, forKey: .remaining)
        try c.encode(resetsAt, forKey: .resetsAt)
    }
}

/// Stable codes of review drafts (docs/app-store-connect.md, "Reply drafts").
public enum ASCDraftErrorCode {
    /// `APPNORTH_AI_URL` is unset: drafting is off on this hub.
    public static let notConfigured = "AI_NOT_CONFIGURED"
    /// The month's allowance is spent, or the provider failed (429, 5xx, timeout, an answer
    /// without text); nothing was spent.
    public static let unavailable = "DRAFT_UNAVAILABLE"
}

extension RPCError {
    public static func draftNotConfigured() -> RPCError {
        RPCError(
            code: ASCDraftErrorCode.notConfigured,
            message: "Reply drafts are off on this hub: the operator has not set APPNORTH_AI_URL. Write the reply yourself.",
            status: 503)
    }

    /// The plan drafts nothing (Free).
    public static func draftPlanRequired() -> RPCError {
        RPCError(
            code: ASOErrorCode.planRequired, message: "Reply drafts need a plan with a draft allowance (Pro, Studio or self-hosted).",
            status: 403, fields: ["required_plan": ["pro"]])
    }

    public static func draftAllowanceSpent(_ allowance: ASCDraftAllowance) -> RPCError {
        RPCError(
            code: ASCDraftErrorCode.unavailable,
            message:
                "The organization used its \(allowance.limit ?? 0) reply drafts for this month; the allowance resets on \(allowance.resetsAt.prefix(10)) (UTC). Write the reply yourself meanwhile.",
            status: 429, fields: ["resetsAt": [allowance.resetsAt]])
    }

    /// The provider gave no draft; `retryAfter` seconds when it said how long to wait.
    public static func draftProviderFailed(_ reason: String, retryAfter: Int?) -> RPCError {
        RPCError(
            code: ASCDraftErrorCode.unavailable,
            message: "The AI provider gave no draft (\(reason)); nothing was spent. Retry in a moment or write the reply yourself.",
            status: 503, fields: [RPCError.retryAfterField: [String(retryAfter ?? 30)]])
    }
}
