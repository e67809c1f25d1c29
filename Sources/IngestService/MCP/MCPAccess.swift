import HubRuntime

/// What a tool call needs from the organization's plan and what it costs (the seed's
/// "Permisos y planes de mercado" table). `MCPMeter` applies it before the tool runs.
enum MCPAccess: Equatable, Sendable {
    /// The organization's own apps: no market plan gate and no credits (the tool keeps the
    /// operator API's own plan checks, e.g. ASO on Pro and up).
    case app
    /// Reading or changing the watchlist: Pro and up, no credits (Free: `PLAN_REQUIRED` pro).
    case watchlist
    /// Basic catalog and Trending: every plan; Free and Pro free of charge (a limited view),
    /// Studio one credit.
    case marketBasic
    /// An app profile: Free and Pro spend one of the organization's daily reads, Studio one credit.
    case marketProfile
    /// Advanced filters, comparisons, Rising, screens, ads, posts, videos and articles: Studio
    /// only, one credit (Free and Pro: `PLAN_REQUIRED` studio).
    case marketStudio

    /// How the call is paid for on `plan`, or the plan refusal.
    func charge(on plan: OrganizationPlan) throws -> MCPMeter.Charge {
        switch (self, plan) {
        case (.app, _): return .free
        case (.watchlist, .free):
            throw MCPToolError.planRequired(requiredPlan: "pro", message: "The watchlist needs the pro plan.")
        case (.watchlist, _): return .free
        case (.marketBasic, .free), (.marketBasic, .pro): return .free
        case (.marketProfile, .free), (.marketProfile, .pro): return .daily
        case (.marketStudio, .free), (.marketStudio, .pro):
            throw MCPToolError.planRequired(requiredPlan: "studio", message: "This market data needs the studio plan.")
        case (.marketBasic, _), (.marketProfile, _), (.marketStudio, _): return .credit
        }
    }
}
