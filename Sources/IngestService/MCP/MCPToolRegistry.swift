/// Every tool in `tools/list` order: the seed's app tools, then its market tools. A new tool is
/// one line here (docs/mcp.md, "Adding a tool").
enum MCPToolRegistry {
    static let all: [any MCPTool] = [
        // App tools
        GetGuardrailsTool(),
        GetASOPlaybookTool(),
        ListAppsTool(),
        GetMetadataTool(),
        GetMetadataSuggestionsTool(),
        UpdateMetadataTool(),
        ListKeywordsTool(),
        GetKeywordCandidatesTool(),
        AddKeywordsTool(),
        RemoveKeywordsTool(),
        GetKeywordGridTool(),
        GetCompetitorsAheadTool(),
        GetLocalizationPlanTool(),
        AddLocalizedKeywordsTool(),
        GetRatingsTool(),
        ListReviewsTool(),
        ReplyReviewTool(),
        SuggestLocalizedPricesTool(),
        SchedulePriceChangesTool(),
        ListFeedbackTool(),
        // Market tools
        MarketTrendingTool(),
        MarketRisingTool(),
        MarketSearchAppsTool(),
        MarketGetAppTool(),
        MarketCompareAppsTool(),
        MarketWatchlistTool(),
        MarketListAppAdsTool(),
        MarketListSocialPostsTool(),
        MarketUnheldTool.searchScreens,
        MarketUnheldTool.listFlowScreens,
        MarketUnheldTool.getScreenImage,
        MarketUnheldTool.getVideoChapters,
        MarketUnheldTool.listArticles,
        MarketUnheldTool.getArticle,
    ]
}
