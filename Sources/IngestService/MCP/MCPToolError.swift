import HubHTTPServer
import HubMessaging

/// A tool's failure as the agent reads it: a result with `isError: true` and
/// `{"error":{"code","message",...}}`, never a JSON-RPC error (the seed's "Errores y
/// recuperación"). Each case has the stable code the seed lists; the extra members say how to
/// recover (`required_plan`, `credits`, `daily`).
enum MCPToolError: Error, Equatable {
    /// The organization's plan lacks the feature; `requiredPlan` is the lowest plan that has it.
    case planRequired(requiredPlan: String, message: String)
    /// No monthly credit is left; `credits` is the counter as it stands.
    case creditsExhausted(credits: MCPJSON)
    /// The day's profile reads are spent; `daily` says when they come back.
    case dailyLimit(daily: MCPJSON)
    case watchlistLimit(message: String)
    /// Executing needs a `write` token whose author is an owner or admin.
    case writeNotAllowed
    /// Arguments that pass the schema but not the tool's own rules (an unknown app, a bad cursor).
    case invalidInput(message: String, fields: [String: [String]]? = nil)
    case notFound(message: String)
    /// `update_metadata`'s `expected` no longer matches what the store holds.
    case stale(message: String)
    case mediaUnavailable(message: String)
    case marketUnavailable(message: String)
    /// Anything else; details go to the log, never to the agent.
    case internalFailure

    var code: String {
        switch self {
        case .planRequired: return "PLAN_REQUIRED"
        case .creditsExhausted: return "API_CREDITS_EXHAUSTED"
        case .dailyLimit: return "DAILY_APP_LIMIT"
        case .watchlistLimit: return "WATCHLIST_LIMIT"
        case .writeNotAllowed: return "WRITE_NOT_ALLOWED"
        case .invalidInput: return "INVALID_INPUT"
        case .notFound: return "NOT_FOUND"
        case .stale: return "STALE"
        case .mediaUnavailable: return "MEDIA_UNAVAILABLE"
        case .marketUnavailable: return "MARKET_UNAVAILABLE"
        case .internalFailure: return "INTERNAL"
        }
    }

    var message: String {
        switch self {
        case .planRequired(_, let message), .watchlistLimit(let message), .invalidInput(let message, _), .notFound(let message),
            .stale(let message), .mediaUnavailable(let message), .marketUnavailable(let message):
            return message
        case .creditsExhausted:
            return "No API credits are left this month; credits.limit and credits.resets_at say how many come back and when."
        case .dailyLimit: return "Today's app profile reads are spent; they come back at daily.resets_at."
        case .writeNotAllowed: return "Executing needs a write token whose author is an owner or admin."
        case .internalFailure: return "An internal error occurred."
        }
    }

    /// `{"error":{"code","message",...}}` with the members that say how to recover.
    var structured: MCPJSON {
        var error: [(String, MCPJSON)] = [("code", .string(code)), ("message", .string(message))]
        switch self {
        case .planRequired(let plan, _): error.append(("required_plan", .string(plan)))
        case .invalidInput(_, let fields?):
            error.append(("fields", .object(fields.keys.sorted().map { ($0, .array(fields[$0]!.map(MCPJSON.string))) })))
        default: break
        }
        var out: [(String, MCPJSON)] = [("error", .object(error))]
        switch self {
        case .creditsExhausted(let credits): out.append(("credits", credits))
        case .dailyLimit(let daily): out.append(("daily", daily))
        default: break
        }
        return .object(out)
    }

    /// What an operator handler or backend refused with, as the agent's code: the operator API's
    /// errors keep their meaning (a 404 is `NOT_FOUND`, a plan refusal `PLAN_REQUIRED`), and a
    /// backend that cannot answer is `MARKET_UNAVAILABLE`.
    init(_ error: APIError) {
        switch (error.status, error.code) {
        case (_, "PLAN_REQUIRED"):
            self = .planRequired(requiredPlan: error.fields?["required_plan"]?.first ?? "studio", message: error.message)
        case (_, "WATCHLIST_LIMIT"): self = .watchlistLimit(message: error.message)
        case (_, MarketAppGet.dailyLimitCode):
            // marketd's own count of a limited plan's profile reads (shared with the dashboard) ran out.
            self = .dailyLimit(daily: [
                "limit": .int(MarketDailyQuota.profilesPerDay), "remaining": 0,
                "resets_at": error.fields?["resets_at"]?.first.map(MCPJSON.string) ?? .null,
            ])
        case (_, "WRITE_NOT_ALLOWED"), (_, "FORBIDDEN"): self = .writeNotAllowed
        case (_, "STALE"): self = .stale(message: error.message)
        case (404, _): self = .notFound(message: error.message)
        case (400, _), (409, _), (422, _): self = .invalidInput(message: error.message, fields: error.fields)
        case (502, _), (503, _), (504, _): self = .marketUnavailable(message: "The data service is unavailable; retry later.")
        default: self = .internalFailure
        }
    }
}
