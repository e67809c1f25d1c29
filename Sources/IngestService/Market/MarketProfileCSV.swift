import HubMessaging
import HubRuntime

/// An app profile as CSV rows `section,field,value,label,source,storefront,periodStart,periodEnd,observedAt`:
/// listing facts, estimates (values the plan hides stay empty, with the range in `label`'s
/// place kept in `value` as text) and the chart history, written by `CSVWriter`.
enum MarketProfileCSV {
    static let header = ["section", "field", "value", "label", "source", "storefront", "periodStart", "periodEnd", "observedAt"]

    static func render(_ p: MarketAppProfile) -> String {
        var csv = CSVWriter(header: header)
        func row(_ cells: [String?]) { csv.append(cells.map { $0 ?? "" }) }
        func fact(_ field: String, _ value: String?) { if let value { row(["app", field, value, nil, nil, nil, nil, nil, nil]) } }
        let a = p.app
        fact("adamId", a.adamId)
        fact("slug", a.slug)
        fact("name", a.name)
        fact("developerName", a.developerName)
        fact("developerId", a.developerId)
        fact("genre", a.genreName)
        fact("price", a.price.map { "\($0)" })
        fact("currency", a.currency)
        fact("rating", a.rating.map { "\($0)" })
        fact("ratingCount", a.ratingCount.map { "\($0)" })
        fact("releaseDate", a.releaseDate)
        fact("firstSeenAt", a.firstSeenAt)
        fact("lastSeenAt", a.lastSeenAt)
        let l = p.listing
        fact("bundleId", l.bundleId)
        fact("version", l.version)
        fact("sizeBytes", l.sizeBytes.map { "\($0)" })
        fact("contentRating", l.contentRating)
        fact("minimumOS", l.minimumOS)
        fact("websiteUrl", l.websiteUrl)
        fact("storeUrl", l.storeUrl)
        fact("description", l.description)
        for e in p.estimates {
            row([
                "estimate", e.metric, e.value.map { "\($0)" } ?? e.range, e.label, e.source, e.storefront, e.periodStart, e.periodEnd,
                e.observedAt,
            ])
        }
        for point in p.chartHistory.points {
            row([
                "chart", point.date, "\(point.rank)", "\(p.chartHistory.storefront) \(p.chartHistory.chart) rank", nil,
                p.chartHistory.storefront, nil, nil, nil,
            ])
        }
        for ad in p.activeAds {
            row(["activeAd", ad.platform, "\(ad.daysSinceFirstSeen)", "days since first seen", nil, nil, nil, nil, ad.firstSeenAt])
        }
        return csv.text
    }
}
