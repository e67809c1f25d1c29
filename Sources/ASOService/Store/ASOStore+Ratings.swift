import Foundation
import HubMessaging
import HubStore

/// Daily rating observations (`rating_observations`): recorded with every listing the hub looks
/// up, read back as an app's history per country.
extension ASOStore {
    /// Records the listing's rating as the day's observation; an observation already stored
    /// for that app, country and day stays.
    func recordRating(_ app: ITunesApp, country: String) throws {
        try db.run(
            """
            INSERT INTO rating_observations (app_store_id, country, day, observed_at, rating_count, average_rating)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (app_store_id, country, day) DO NOTHING
            """,
            [
                .text(String(app.trackId)), .text(country), .text(ASOStore.day(clock.now())), .text(now()),
                app.userRatingCount.map { .int(Int64($0)) } ?? .null, app.averageUserRating.map { .double($0) } ?? .null,
            ])
    }

    /// Observations of the app in `country` from `days` days ago (today counted) on, newest first.
    func ratings(appStoreId: String, country: String, days: Int) throws -> [ASORatingObservation] {
        let since = ASOStore.day(ASOStore.day(clock.now()), adding: -(days - 1)) ?? ASOStore.day(clock.now())
        return try db.query(
            """
            SELECT day, observed_at, rating_count, average_rating FROM rating_observations
            WHERE app_store_id = ? AND country = ? AND day >= ? ORDER BY day DESC
            """, [.text(appStoreId), .text(country), .text(since)]
        ).map {
            ASORatingObservation(
                day: try $0.text("day"), observedAt: try $0.text("observed_at"), ratingCount: $0.int("rating_count"),
                averageRating: $0.double("average_rating"))
        }
    }

    /// The countries an app's ratings are followed in: its tracked keywords' and those observed
    /// in the last `days` days.
    func ratingCountries(appStoreId: String, days: Int = 30) throws -> [String] {
        let since = ASOStore.day(ASOStore.day(clock.now()), adding: -days) ?? ASOStore.day(clock.now())
        return try db.query(
            """
            SELECT country FROM tracked_keywords WHERE app_store_id = ?
            UNION SELECT country FROM rating_observations WHERE app_store_id = ? AND day >= ? ORDER BY country
            """, [.text(appStoreId), .text(appStoreId), .text(since)]
        ).compactMap { $0.string("country") }
    }

    /// Every (app, country) whose ratings are followed (see `ratingCountries`) and not yet
    /// observed today: the daily collection's work.
    func ratingsDue(days: Int = 30) throws -> [(appStoreId: String, country: String)] {
        let today = ASOStore.day(clock.now())
        let since = ASOStore.day(today, adding: -days) ?? today
        return try db.query(
            """
            SELECT app_store_id, country FROM (
                SELECT app_store_id, country FROM tracked_keywords
                UNION SELECT app_store_id, country FROM rating_observations WHERE day >= ?
            ) AS followed
            WHERE NOT EXISTS (
                SELECT 1 FROM rating_observations r
                WHERE r.app_store_id = followed.app_store_id AND r.country = followed.country AND r.day = ?
            ) ORDER BY app_store_id, country
            """, [.text(since), .text(today)]
        ).map { (try $0.text("app_store_id"), try $0.text("country")) }
    }
}
