import Dashboard
import HubMessaging

/// marketd's answers as the Explore pages show them.
extension ExplorePagesHandler {
    static func estimate(_ e: MarketEstimate) -> MarketEstimateView {
        MarketEstimateView(
            label: e.label, value: e.value, range: e.range, currency: e.currency, source: e.source, storefront: e.storefront,
            periodStart: e.periodStart, periodEnd: e.periodEnd, observedAt: e.observedAt)
    }

    static func row(_ app: MarketAppSummary) -> MarketAppRow {
        var row = MarketAppRow(adamId: app.adamId, name: app.name)
        row.developer = app.developerName
        row.genre = app.genreName
        row.rating = app.rating
        row.ratingCount = app.ratingCount
        row.releaseDate = app.releaseDate
        row.price = app.price
        row.currency = app.currency
        row.downloads = app.downloads.map(estimate)
        row.revenue = app.revenue.map(estimate)
        return row
    }

    static func row(_ item: MarketChartItem) -> MarketAppRow {
        var row = MarketAppRow(adamId: item.adamId, name: item.name)
        row.developer = item.developerName
        row.genre = item.genreName
        row.releaseDate = item.releaseDate
        row.price = item.price
        row.currency = item.currency
        row.rank = item.rank
        return row
    }
}

extension ExplorePagesHandler {
    static func row(_ item: MarketRisingItem) -> MarketAppRow {
        var row = MarketAppRow(adamId: item.adamId, name: item.name)
        row.rank = item.rank
        row.previousRank = item.previousRank
        return row
    }
}
