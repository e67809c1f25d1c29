import Foundation
import HubCrypto
import HubMessaging
import HubRuntime

/// One validated import line. Field problems are collected under `lines[N].field` so the
/// operator sees every problem of a batch at once.
enum MarketRecord {
    struct Estimate {
        var metric: String
        /// nil when the source had no value: it stays missing, never zero.
        var value: Double?
        var currency: String?
        var source: String
        var storefront: String
        var periodStart: String
        var periodEnd: String
        var observedAt: String
    }
    struct Ad {
        var platform: String
        var firstSeenAt: String?
        var lastSeenAt: String?
        var active: Bool
        var url: String?
    }
    struct SocialPost {
        var platform: String
        var publishedAt: String?
        var available: Bool
        var url: String?
        var views: Int?
    }
    struct Flow {
        var flowType: String
        var capturedAt: String?
        var published: Bool
        var screenCount: Int?
    }

    enum Body {
        case estimate(Estimate)
        case ad(Ad)
        case socialPost(SocialPost)
        case flow(Flow)
        var kind: String {
            switch self {
            case .estimate: return "estimate"
            case .ad: return "ad"
            case .socialPost: return "social_post"
            case .flow: return "flow"
            }
        }
    }

    struct Parsed {
        var id: String
        var adamId: String
        var body: Body
        /// Of the canonical (sorted-key) JSON of the line, to recognise a re-import.
        var hash: String
    }

    static let kinds = ["estimate", "ad", "social_post", "flow"]
    static let flowTypes = ["onboarding", "paywall"]

    /// The record of one line, or nil with its problems added to `problems`.
    static func parse(_ line: String, index: Int, problems: inout [String: [String]]) -> Parsed? {
        let prefix = "lines[\(index)]"
        func fail(_ field: String?, _ message: String) {
            problems[field.map { prefix + "." + $0 } ?? prefix, default: []].append(message)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            fail(nil, "is not a JSON object")
            return nil
        }
        let before = problems.count
        func text(_ key: String, required: Bool = true, max: Int = 200) -> String? {
            guard let value = object[key], !(value is NSNull) else {
                if required { fail(key, "is required") }
                return nil
            }
            guard let s = value as? String, !s.isEmpty, s.count <= max else {
                fail(key, "must be a string of 1-\(max) characters")
                return nil
            }
            return s
        }
        func timestamp(_ key: String, required: Bool) -> String? {
            guard let s = text(key, required: required) else { return nil }
            guard let date = ISOTime.parse(s) else {
                fail(key, "must be an ISO-8601 timestamp")
                return nil
            }
            return ISOTime.format(date)
        }
        func day(_ key: String) -> String? {
            guard let s = text(key) else { return nil }
            guard s.utf8.count == 10, MarketDay.date(s) != nil else {
                fail(key, "must be a YYYY-MM-DD date")
                return nil
            }
            return s
        }
        func flag(_ key: String) -> Bool? {
            guard let value = object[key] else {
                fail(key, "is required")
                return nil
            }
            guard let b = value as? Bool else {
                fail(key, "must be true or false")
                return nil
            }
            return b
        }
        func count(_ key: String) -> Int? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard let n = value as? NSNumber, let i = Int(exactly: n.doubleValue), i >= 0 else {
                fail(key, "must be a non-negative integer")
                return nil
            }
            return i
        }
        func url(_ key: String) -> String? {
            guard let s = text(key, required: false, max: 2_000) else { return nil }
            if !(s.hasPrefix("https://") || s.hasPrefix("http://")) { fail(key, "must be an http(s) URL") }
            return s
        }

        let id = text("id", max: 128)
        if let id,
            !id.utf8.allSatisfy({
                $0 < 128
                    && (Character(UnicodeScalar($0)).isLetter || Character(UnicodeScalar($0)).isNumber
                        || "._:-".utf8.contains($0))
            })
        {
            fail("id", "must use only A-Z, a-z, 0-9 and . _ : -")
        }
        let adamId = text("adamId", max: 20)
        if let adamId, !MarketFeedParser.isNumeric(adamId) { fail("adamId", "must be the store's numeric app ID") }
        let kind = text("kind")
        if let kind, !kinds.contains(kind) { fail("kind", "must be one of \(kinds.joined(separator: ", "))") }

        var body: Body?
        switch kind {
        case "estimate":
            let metric = text("metric")
            if let metric, metric != "downloads", metric != "revenue" { fail("metric", "must be downloads or revenue") }
            var value: Double?
            switch object["value"] {
            case nil: fail("value", "is required (null when the source has no value)")
            case is NSNull: value = nil
            case let n as NSNumber where n.doubleValue.isFinite && n.doubleValue >= 0: value = n.doubleValue
            default: fail("value", "must be a non-negative number or null")
            }
            var currency = text("currency", required: false, max: 3)
            if metric == "revenue" {
                if currency == nil { currency = "USD" }
                if currency != "USD" { fail("currency", "revenue estimates are in USD") }
            } else if currency != nil {
                fail("currency", "only revenue estimates have a currency")
            }
            let source = text("source", max: 100)
            let storefront = text("storefront", max: 2)
            if let storefront, storefront != "ww",
                MarketChartQuery(storefront: storefront, chart: "topfreeapplications").problems()["storefront"] != nil
            {
                fail("storefront", "must be a two-letter lowercase country code or ww (worldwide)")
            }
            let start = day("periodStart")
            let end = day("periodEnd")
            if let start, let end, end < start { fail("periodEnd", "must not be before periodStart") }
            let observed = timestamp("observedAt", required: true)
            if let metric, let source, let storefront, let start, let end, let observed {
                body = .estimate(
                    Estimate(
                        metric: metric, value: value, currency: currency, source: source, storefront: storefront,
                        periodStart: start, periodEnd: end, observedAt: observed))
            }
        case "ad":
            let platform = text("platform", max: 50)
            let first = timestamp("firstSeenAt", required: false)
            let last = timestamp("lastSeenAt", required: false)
            let active = flag("active")
            let link = url("url")
            if let platform, let active {
                body = .ad(Ad(platform: platform, firstSeenAt: first, lastSeenAt: last, active: active, url: link))
            }
        case "social_post":
            let platform = text("platform", max: 50)
            let published = timestamp("publishedAt", required: false)
            let available = flag("available")
            let link = url("url")
            let views = count("views")
            if let platform, let available {
                body = .socialPost(SocialPost(platform: platform, publishedAt: published, available: available, url: link, views: views))
            }
        case "flow":
            let type = text("flowType")
            if let type, !flowTypes.contains(type) { fail("flowType", "must be onboarding or paywall") }
            let captured = timestamp("capturedAt", required: false)
            let published = flag("published")
            let screens = count("screenCount")
            if let type, let published {
                body = .flow(Flow(flowType: type, capturedAt: captured, published: published, screenCount: screens))
            }
        default:
            break
        }
        guard problems.count == before, let id, let adamId, let body else { return nil }
        let canonical = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(line.utf8)
        return Parsed(id: id, adamId: adamId, body: body, hash: SHA256.hex(Array(canonical)))
    }
}
