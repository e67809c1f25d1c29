import HubHTTPServer
import HubMessaging

/// Query-parameter reading shared by the market handlers: every problem is collected, then
/// answered at once as 400 `INVALID_QUERY`.
struct MarketQuery {
    let request: HTTPRequest
    var errors = FieldErrors()

    init(_ request: HTTPRequest) { self.request = request }

    func text(_ name: String) -> String? { CommunityHTTP.nonEmptyQuery(request, name) }

    /// `storefront` (default `us`), `chart` (default `topfreeapplications`) and `genre`.
    mutating func chart(defaultChart: String = "topfreeapplications") -> MarketChartQuery {
        let query = MarketChartQuery(
            storefront: text("storefront") ?? "us", chart: text("chart") ?? defaultChart,
            genre: text("genre"))
        for (field, messages) in query.problems() { for message in messages { errors.add(field, message) } }
        return query
    }

    /// `query`, the search text of the catalog and publisher lists: at most 120 characters.
    mutating func searchText() -> String? {
        let value = text("query")
        if let value, value.count > 120 { errors.add("query", "must be at most 120 characters") }
        return value
    }

    /// `genre` on its own (no chart): a numeric genre ID, checked as `chart()` checks it.
    mutating func genreFilter() -> String? {
        let value = text("genre")
        if let value, MarketChartQuery(storefront: "us", chart: MarketChartQuery.charts[0], genre: value).problems()["genre"] != nil {
            errors.add("genre", "must be a numeric genre ID")
        }
        return value
    }

    mutating func integer(_ name: String, default fallback: Int, range: ClosedRange<Int>) -> Int {
        guard let raw = text(name) else { return fallback }
        guard let value = Int(raw), range.contains(value) else {
            errors.add(name, "must be an integer \(range.lowerBound)-\(range.upperBound)")
            return fallback
        }
        return value
    }

    mutating func number(_ name: String) -> Double? {
        guard let raw = text(name) else { return nil }
        guard let value = Double(raw), value.isFinite, value >= 0 else {
            errors.add(name, "must be a non-negative number")
            return nil
        }
        return value
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type, default fallback: T?) -> T?
    where T.RawValue == String {
        guard let raw = text(name) else { return fallback }
        guard let value = T(rawValue: raw) else {
            errors.add(name, "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            return fallback
        }
        return value
    }

    func throwIfAny() throws { try errors.throwIfAnyInQuery() }
}
