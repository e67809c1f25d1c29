import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// marketd's store: the one owner of `marketd.sqlite`. Each write method is one transaction
/// named for what it does; extensions per concern (`MarketStore+Snapshots.swift`, …).
public final class MarketStore: @unchecked Sendable {
    public let db: SQLiteDatabase
    let clock: Clock
    let ids: TimeSortableID
    /// Answers of chart reads, valid until the next write to the store.
    let trendingCache = GenerationCache<MarketTrending.Body>(capacity: 4_096)
    let risingCache = GenerationCache<MarketRising.Body>(capacity: 4_096)
    let publisherCache = GenerationCache<[MarketPublisherGrouping.Group]>(capacity: 1)
    /// Tells this process's store generations apart from another run's, which restart at 0.
    let etagPrefix = String(TimeSortableID.shared.next().suffix(12))

    /// The version of everything the store holds now: any write changes it.
    var etag: String { "\(etagPrefix)-\(db.generation)" }

    public init(db: SQLiteDatabase, clock: Clock) {
        self.db = db
        self.clock = clock
        ids = TimeSortableID(clock: clock)
    }

    /// Now as stored: ISO-8601 UTC with milliseconds, which sorts as text.
    func now() -> String { ISOTime.format(clock.now()) }

    /// Today's UTC day, `YYYY-MM-DD`: the key of a daily snapshot.
    func today() -> String { MarketDay.of(clock.now()) }

    /// `name-words-<adamId>`: readable, and unique because the store's ID is.
    static func slug(name: String, adamId: String) -> String {
        var out = ""
        var dash = false
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                out.unicodeScalars.append(scalar)
                dash = false
            } else if !dash, !out.isEmpty {
                out.append("-")
                dash = true
            }
            if out.utf8.count >= 60 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? adamId : out + "-" + adamId
    }
}
