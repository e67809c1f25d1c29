/// An organization's plan and the entitlements tied to it (docs/limits.md, "Plans"). ingest owns the
/// organization and sends its plan with every request a daemon needs it for; `selfhosted`
/// (billing disabled) is the default and has no limits.
public enum OrganizationPlan: String, Codable, CaseIterable, Sendable {
    case free
    case pro
    case studio
    case selfhosted

    /// Apps an organization may watch in the market watchlist; `nil` means no limit.
    public var watchlistAllowance: Int? {
        switch self {
        case .free: return 0
        case .pro: return 5
        case .studio: return 50
        case .selfhosted: return nil
        }
    }

    /// Tracked keywords across the organization; `nil` means no limit. Free has no ASO access.
    public var trackedKeywordAllowance: Int? {
        switch self {
        case .free: return 0
        case .pro: return 200
        case .studio: return 500
        case .selfhosted: return nil
        }
    }

    /// Full market access (AppTracker, estimates, full publisher lists): Studio and self-hosted.
    public var hasFullMarketAccess: Bool { self == .studio || self == .selfhosted }

    /// AppTracker (its timeline and the feed's tracker events): full market access and room to
    /// watch at least one app.
    public var hasTrackerAccess: Bool { hasFullMarketAccess && watchlistAllowance.map { $0 > 0 } ?? true }

    /// ASO tools (Keyword Explorer, tracking): Pro, Studio and self-hosted.
    public var hasASOAccess: Bool { self != .free }

    /// Review reply drafts per UTC month across the organization (docs/limits.md, "Plans");
    /// `nil` means no limit. Free drafts none: its reply is written by hand.
    public var monthlyReviewDraftAllowance: Int? {
        switch self {
        case .free: return 0
        case .pro: return 100
        case .studio: return 500
        case .selfhosted: return nil
        }
    }
}
