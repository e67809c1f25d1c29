/// A tracked keyword's latest observation as the pages read it (docs "Keywords", "Read the
/// ranking correctly"): a numeric rank, observed without the app in the results, or not
/// measured yet are three different facts and never drawn alike; the seven-day change is
/// shown only when both dated ranks exist, positive meaning positions gained.
public struct KeywordRank: Sendable, Equatable {
    /// `ranked`, `unranked` or `unobserved`.
    public var status: String
    public var rank: Int?
    public var rankDate: String?
    public var change7d: Int?

    public init(status: String, rank: Int?, rankDate: String?, change7d: Int?) {
        self.status = status
        self.rank = rank
        self.rankDate = rankDate
        self.change7d = change7d
    }

    var html: HTML {
        switch (status, rank) {
        case ("ranked", let rank?):
            return element(
                "span", .class("rank"), .title("Position in the collected search results" + (rankDate.map { " on " + $0 } ?? ""))
            ) {
                "#" + String(rank)
            }
        case ("unranked", _):
            return element(
                "span", .class("badge warn rank-none"),
                .title("Observed" + (rankDate.map { " on " + $0 } ?? "") + ": the app was absent from the returned results")
            ) { "Not in results" }
        default:
            return element("span", .class("badge rank-unobserved"), .title("No measurement has been collected yet")) { "Not measured yet" }
        }
    }

    var changeHTML: HTML {
        guard let change7d else {
            return element("span", .class("muted"), .title("No comparable rank dated seven days earlier")) { "—" }
        }
        if change7d > 0 { return element("span", .class("change up"), .label("gained \(change7d) positions")) { "▲ +" + String(change7d) } }
        if change7d < 0 {
            return element("span", .class("change down"), .label("lost \(-change7d) positions")) { "▼ −" + String(-change7d) }
        }
        return element("span", .class("change"), .label("no change")) { "0" }
    }
}
