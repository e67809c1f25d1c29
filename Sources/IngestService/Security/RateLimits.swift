import HubDaemon
import HubRuntime

/// The request budgets of ingest's public routes, made once from configuration so that the
/// route tables can name them; each handler is handed the ones it spends. Every budget is a
/// minute's worth of requests, per client address (`community`), per API token (`mcpRequests`)
/// or per project and client address (the others), and each name is a budget of its own.
struct RateLimits: Sendable {
    enum Name: String, CaseIterable, Sendable {
        /// Every public request that names a project, spent by `PublicRequestGuard.resolve`
        /// before the project is known.
        case community
        case feedbackCreations
        case feedbackReads
        case chatStatusReads
        case chatMessageReads
        case chatMessages
        case chatImageSteps
        case chatCardEvents
        case chatPaywallReports
        case pushRegistrations
        /// Every MCP request, per API token (`MCPHTTPHandler`).
        case mcpRequests
        /// `POST /api/v1/identity/handoff`, per client address.
        case handoffAddresses
        /// The same, per project: every client of an app shares it.
        case handoffProjects
    }

    /// A report's author rereads its thread now and then.
    static let feedbackReadsPerMinute = 60
    /// An app registers its device once per launch.
    static let pushRegistrationsPerMinute = 60
    /// A handoff opens the hosted roadmap from the app: a person taps it, a script does not.
    static let handoffAddressesPerMinute = 30
    static let handoffProjectsPerMinute = 20

    private let limiters: [Name: RateLimiter]

    init(config: HubConfig, clock: Clock) {
        limiters = Dictionary(
            uniqueKeysWithValues: Name.allCases.map { name in
                (name, RateLimiter(limit: RateLimits.perMinute(name, config), window: 60, clock: clock))
            })
    }

    /// Where each budget's size comes from: the `APPNORTH_*_RATE_PER_MIN` settings, or a fixed size.
    static func perMinute(_ name: Name, _ config: HubConfig) -> Int {
        switch name {
        case .community: return config.communityRequestsPerMinute
        case .feedbackCreations: return config.feedbackRequestsPerMinute
        case .feedbackReads: return feedbackReadsPerMinute
        case .chatMessages: return config.chatMessagesPerMinute
        case .chatStatusReads, .chatMessageReads, .chatImageSteps, .chatCardEvents, .chatPaywallReports: return config.chatReadsPerMinute
        case .pushRegistrations: return pushRegistrationsPerMinute
        case .mcpRequests: return config.mcpRequestsPerMinute
        case .handoffAddresses: return handoffAddressesPerMinute
        case .handoffProjects: return handoffProjectsPerMinute
        }
    }

    subscript(name: Name) -> RateLimiter { limiters[name]! }
}
