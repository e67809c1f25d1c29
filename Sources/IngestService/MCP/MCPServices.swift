import HubRuntime

/// What tools reach, made once by `IngestRoutes`: the store, the backends' RPC clients and the
/// operator API's handlers, whose functions tools call rather than repeating their checks
/// (`MCPToolContext.operatorCall`). A tool that needs another handler adds it here.
struct MCPServices: Sendable {
    let store: IngestStore
    let backends: BackendClients
    let clock: Clock
    let logger: Logger
    let meter: MCPMeter
    /// The hub's public base URL, when configured (`APPNORTH_PUBLIC_URL`).
    let publicURL: String?
    // Operator handlers, by area
    let projects: AdminProjectsHandler
    let feedback: AdminFeedbackHandler
    let marketCharts: MarketChartsHandler
    let marketApps: MarketAppsHandler
    let marketWatchlist: MarketWatchlistHandler
    let metadata: AdminMetadataHandler
    let reviews: AdminReviewsHandler
    let prices: AdminPricesHandler
    let priceJobs: AdminPriceJobsHandler
    let asoKeywords: ASOKeywordsHandler
    let asoGroups: ASOGroupsHandler
    let asoCandidates: ASOCandidatesHandler
    let asoExplorer: ASOExplorerHandler
}
