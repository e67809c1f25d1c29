import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime

/// The difficulty estimate on fixed fixtures, its provisional and unavailable cases, and the
/// related-term extraction.
final class ASODifficultyTests: XCTestCase {
    let now = ISOTime.parse("2026-11-30T12:00:00.000Z")!

    private func app(
        _ id: Int64, _ name: String?, count: Int? = 1_000, rating: Double? = 4.5,
        updated: String? = "2026-11-01T00:00:00Z"
    ) -> ITunesApp {
        ITunesApp(trackId: id, trackName: name, averageUserRating: rating, userRatingCount: count, currentVersionReleaseDate: updated)
    }

    private func assess(_ apps: [ITunesApp], term: String = "photo editor", earlier: ASOObservation? = nil) -> ASODifficulty {
        ASODifficultyModel.assess(term: term, apps: apps, earlier: earlier, observedAt: now)
    }

    func testEstablishedTitledCompetitionIsHigh() {
        // Given ten fresh, heavily rated apps all naming the term
        let apps = (1...10).map { app(Int64($0), "Photo Editor \($0)", count: 500_000, rating: 4.7) }
        // When
        let difficulty = assess(apps)
        // Then
        XCTAssertEqual(difficulty.label, .high)
        XCTAssertEqual(difficulty.score, 92)
        XCTAssertFalse(difficulty.provisional)
    }

    func testWeakUntitledCompetitionIsLow() {
        // Given ten stale, barely rated apps that do not name the term
        let apps = (1...10).map { app(Int64($0), "Camera Tool \($0)", count: 10, rating: 3.0, updated: "2023-01-01T00:00:00Z") }
        // When
        let difficulty = assess(apps)
        // Then
        XCTAssertEqual(difficulty.label, .low)
        XCTAssertEqual(difficulty.score, 14)
        XCTAssertFalse(difficulty.provisional)
    }

    func testMixedCompetitionIsMedium() {
        // Given half the top naming the term with moderate ratings
        let apps = (1...10).map { i in
            app(
                Int64(i), i <= 5 ? "Photo Editor \(i)" : "Snap \(i)", count: 5_000, rating: 4.0,
                updated: i % 2 == 0 ? "2026-10-01T00:00:00Z" : "2025-06-01T00:00:00Z")
        }
        // When
        let difficulty = assess(apps)
        // Then
        XCTAssertEqual(difficulty.label, .medium)
        XCTAssertEqual(difficulty.score, 55)
        XCTAssertFalse(difficulty.provisional)
    }

    func testMissingUpdateDatesMakeItProvisionalNotZero() {
        // Given the high fixture without any update dates
        let full = (1...10).map { app(Int64($0), "Photo Editor \($0)", count: 500_000, rating: 4.7) }
        let partial = (1...10).map { app(Int64($0), "Photo Editor \($0)", count: 500_000, rating: 4.7, updated: nil) }
        // When
        let difficulty = assess(partial)
        // Then the freshness factor is dropped (not counted as stale) and the score is provisional
        XCTAssertTrue(difficulty.provisional)
        XCTAssertEqual(difficulty.label, .high)
        XCTAssertEqual(difficulty.score, 90)
        XCTAssertFalse(assess(full).provisional)
    }

    func testMissingRatingCountsMakeItUnavailable() {
        // Given results whose rating counts are mostly missing
        let apps = (1...10).map { app(Int64($0), "Photo Editor \($0)", count: $0 <= 3 ? 100 : nil, rating: nil) }
        // When
        let difficulty = assess(apps)
        // Then there is no number at all
        XCTAssertEqual(difficulty, ASODifficulty(score: nil, label: nil, provisional: true))
    }

    func testMissingTitlesMakeItUnavailable() {
        // Given / When
        let difficulty = assess((1...10).map { app(Int64($0), nil) })
        // Then
        XCTAssertNil(difficulty.score)
        XCTAssertNil(difficulty.label)
    }

    func testASmallSampleIsProvisional() {
        // Given three complete results
        let difficulty = assess((1...3).map { app(Int64($0), "Photo Editor \($0)") })
        // Then
        XCTAssertNotNil(difficulty.score)
        XCTAssertTrue(difficulty.provisional)
    }

    func testUnratedAppsAreKnownNotMissing() {
        // Given ten new apps with zero ratings (rating average absent, as the provider sends it)
        let apps = (1...10).map { app(Int64($0), "Photo Editor \($0)", count: 0, rating: nil) }
        // When
        let difficulty = assess(apps)
        // Then the estimate is complete, and low rating evidence keeps it out of high
        XCTAssertFalse(difficulty.provisional)
        XCTAssertEqual(difficulty.score, 49)
    }

    func testAStableTopFromEarlierObservationsRaisesTheScore() {
        // Given the mixed fixture, observed before with the same top ten, or a wholly different one
        let apps = (1...10).map { app(Int64($0), $0 <= 5 ? "Photo Editor \($0)" : "Snap \($0)", count: 5_000, rating: 4.0) }
        let same = ASOObservation(
            id: 1, term: "photo editor", country: "us", day: "2026-11-20", source: "itunes-search",
            observedAt: "2026-11-20T00:00:00.000Z", apps: apps)
        let other = ASOObservation(
            id: 2, term: "photo editor", country: "us", day: "2026-11-20", source: "itunes-search",
            observedAt: "2026-11-20T00:00:00.000Z", apps: (11...20).map { app(Int64($0), "X") })
        // When
        let base = assess(apps).score!
        let stable = assess(apps, earlier: same).score!
        let churned = assess(apps, earlier: other).score!
        // Then
        XCTAssertEqual(stable, Int((Double(base) * 1.1).rounded()), accuracy: 1)
        XCTAssertEqual(churned, Int((Double(base) * 0.9).rounded()), accuracy: 1)
    }

    func testRelatedTermsAreAtMostTwelveAndExcludeTheTerm() {
        // Given many titles with many distinct words
        let titles = (1...30).map { "Photo Editor Word\($0) Extra\($0)" } + ["Photo Editor", "PHOTO editor collage maker"]
        // When
        let related = ASORelatedTerms.extract(term: "Photo  Editor", titles: titles)
        // Then
        XCTAssertEqual(related.count, 12)
        XCTAssertFalse(related.contains("photo editor"))
        XCTAssertFalse(related.contains("photo"))
        XCTAssertFalse(related.contains("editor"))
        XCTAssertEqual(Set(related).count, related.count)
    }

    func testRelatedTermsRankByHowManyTitlesUseThem() {
        // Given
        let titles = ["Collage Maker Pro", "Photo Collage", "Collage Studio", "Pro Camera", "Filters"]
        // When
        let related = ASORelatedTerms.extract(term: "photo", titles: titles)
        // Then the word used by three titles leads, then two, then provider order; the term alone never appears,
        // a pair extending it does
        XCTAssertEqual(related.first, "collage")
        XCTAssertEqual(related[1], "pro")
        XCTAssertTrue(related.contains("collage maker"))
        XCTAssertFalse(related.contains("photo"))
        XCTAssertTrue(related.contains("photo collage"))
    }

    func testStoredResultListsReadBackAsTheyWereReceived() throws {
        // Given apps with escapes, fractions and missing fields, as the provider decoder produced them
        let apps = [
            ITunesApp(
                trackId: 1, trackName: "Quote \" back\\slash\nline é 🎨", sellerName: "S", artistId: 7, artistName: nil,
                bundleId: "b", averageUserRating: 4.123456789, userRatingCount: 0, releaseDate: "2020-01-01T00:00:00Z",
                currentVersionReleaseDate: nil, price: 0.99, formattedPrice: "$0.99", currency: "USD", trackViewUrl: "https://x/y",
                primaryGenreName: "Games", description: nil),
            ITunesApp(trackId: 2),
        ]
        // When they are stored as text and decoded again
        let text = ITunesApp.jsonArray(apps)
        let decoded = try JSONDecoder().decode([ITunesApp].self, from: Data(text.utf8))
        // Then nothing changed, and missing fields stayed missing
        XCTAssertEqual(decoded, apps)
        XCTAssertFalse(text.contains("null"))
    }
}
