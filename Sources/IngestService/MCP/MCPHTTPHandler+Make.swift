import HubDaemon

/// The MCP server as ingest runs it, made from the same parts as the operator routes, so its
/// tools call the operator API's handlers over the same store, backends and chart cache.
extension MCPHTTPHandler {
    /// A tool call's JSON is small; a metadata update with every locale fits many times over.
    static let maxBodyBytes = 262_144

    static func make(
        context: DaemonContext, store: IngestStore, backends: BackendClients, auth: AdminAuth, limits: RateLimits,
        chartCache: MarketChartCache
    ) -> MCPHTTPHandler {
        let lookup = AdminLookup(store: store)
        let market = BackendForwarding(client: backends[.marketd])
        let marketAccess = MarketAccess(store: store)
        let asod = BackendForwarding(client: backends[.asod])
        let aso = ASOBackend(client: backends[.asod], store: store)
        let services = MCPServices(
            store: store, backends: backends, clock: context.clock, logger: context.logger,
            meter: MCPMeter(store: store, clock: context.clock, studioMonthlyCredits: context.config.studioMonthlyCredits),
            publicURL: context.config.publicURL, projects: AdminProjectsHandler(store: store), feedback: AdminFeedbackHandler(store: store),
            marketCharts: MarketChartsHandler(market: market, access: marketAccess, cache: chartCache),
            marketApps: MarketAppsHandler(market: market, access: marketAccess),
            marketWatchlist: MarketWatchlistHandler(market: market, access: marketAccess),
            metadata: AdminMetadataHandler(lookup: lookup, asod: asod),
            reviews: AdminReviewsHandler(store: store, lookup: lookup, asod: asod), prices: AdminPricesHandler(lookup: lookup, asod: asod),
            priceJobs: AdminPriceJobsHandler(lookup: lookup, asod: asod), asoKeywords: ASOKeywordsHandler(asod: aso),
            asoGroups: ASOGroupsHandler(asod: aso), asoCandidates: ASOCandidatesHandler(asod: aso),
            asoExplorer: ASOExplorerHandler(asod: aso))
        return MCPHTTPHandler(
            server: MCPServer(tools: MCPToolRegistry.all, prompts: MCPPrompts.all, services: services), auth: auth,
            requests: limits[.mcpRequests], publicURL: context.config.publicURL)
    }
}
