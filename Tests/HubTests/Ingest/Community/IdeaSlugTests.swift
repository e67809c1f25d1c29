import XCTest

@testable import IngestService

/// An idea's slug is made from its title once, on the writer thread: lowercase ASCII letters
/// and digits, one '-' for every run of anything else, none at either end, 60 at most.
final class IdeaSlugTests: XCTestCase {
    func testTitlesBecomeLowercaseWordsJoinedBySingleDashes() {
        XCTAssertEqual(IdeaSlug.base(for: "Dark mode"), "dark-mode")
        XCTAssertEqual(IdeaSlug.base(for: "  --Export to CSV!!  "), "export-to-csv")
        XCTAssertEqual(IdeaSlug.base(for: "iOS 18: Widgets & Live-Activities"), "ios-18-widgets-live-activities")
        XCTAssertEqual(IdeaSlug.base(for: "Benchmark idea 1 2345"), "benchmark-idea-1-2345")
        XCTAssertEqual(IdeaSlug.base(for: "Crème brûlée dark mode"), "creme-brulee-dark-mode")
        // Nothing that gives a letter or a digit: the fallback
        XCTAssertEqual(IdeaSlug.base(for: "?!… ---"), "idea")
        XCTAssertEqual(IdeaSlug.base(for: ""), "idea")
    }

    func testASlugStopsAt60CharactersWithoutADashAtTheCut() {
        let sixty = String(repeating: "a", count: 60)
        // 59, 60 and 61 letters
        XCTAssertEqual(IdeaSlug.base(for: String(repeating: "a", count: 59)), String(repeating: "a", count: 59))
        XCTAssertEqual(IdeaSlug.base(for: sixty), sixty)
        XCTAssertEqual(IdeaSlug.base(for: sixty + "b"), sixty)
        // A word ending at 59 then a separator: the dash the cut would leave last goes
        let fiftyNine = String(repeating: "b", count: 59)
        XCTAssertEqual(IdeaSlug.base(for: fiftyNine + " cdef"), fiftyNine)
        XCTAssertEqual(IdeaSlug.base(for: String(repeating: "c", count: 58) + " d"), String(repeating: "c", count: 58) + "-d")
        // Suffixes keep the whole within 60, trimming a dash the shortening leaves
        XCTAssertEqual(IdeaSlug.candidate("dark-mode", 1), "dark-mode")
        XCTAssertEqual(IdeaSlug.candidate("dark-mode", 2), "dark-mode-2")
        XCTAssertEqual(IdeaSlug.candidate(sixty, 12), String(repeating: "a", count: 57) + "-12")
        let dashAtCut = String(repeating: "e", count: 56) + "-fgh"
        XCTAssertEqual(IdeaSlug.candidate(dashAtCut, 345), String(repeating: "e", count: 56) + "-345")
    }

    func testTheNextFreeNumberOfATitlePostedManyTimesTakesAFewLookups() throws {
        // Given "dark-mode" and "dark-mode-2" … "dark-mode-100000" taken, and slugs of other
        // titles sharing the base
        var taken: Set<String> = ["dark-mode", "dark-mode-for-ipad", "dark-mode-2x"]
        for n in 2...100_000 { taken.insert("dark-mode-\(n)") }
        var lookups = 0
        // When the next one is chosen
        let slug = IdeaSlug.firstFree("dark-mode") { candidate in
            lookups += 1
            return taken.contains(candidate)
        }
        // Then it is the next number, after at most 2·log2(100,000) ≈ 34 lookups, not one a slug
        XCTAssertEqual(slug, "dark-mode-100001")
        XCTAssertLessThanOrEqual(lookups, 34)
    }

    func testTheFirstDuplicatesGetTwoThenThree() {
        XCTAssertEqual(IdeaSlug.firstFree("dark-mode") { $0 == "dark-mode" }, "dark-mode-2")
        XCTAssertEqual(IdeaSlug.firstFree("dark-mode") { ["dark-mode", "dark-mode-2"].contains($0) }, "dark-mode-3")
        // Numbers 2 to 7 taken: 2, 4 and 8 are tried, then 6 and 7 between the last taken and 8
        let upToSeven: Set<String> = Set(["dark-mode"] + (2...7).map { "dark-mode-\($0)" })
        var tried: [String] = []
        let slug = IdeaSlug.firstFree("dark-mode") { candidate in
            tried.append(candidate)
            return upToSeven.contains(candidate)
        }
        XCTAssertEqual(slug, "dark-mode-8")
        XCTAssertEqual(tried, ["dark-mode-2", "dark-mode-4", "dark-mode-8", "dark-mode-6", "dark-mode-7"])
    }

    func testWithGapsTheChosenSlugIsFreeAndFitsTheLimit() {
        // Deleted ideas leave gaps: whatever number is chosen, nothing holds it
        let gappy: Set<String> = Set(["dark-mode"] + [2, 3, 4, 6, 9, 10, 11, 12, 13, 14, 15, 16].map { "dark-mode-\($0)" })
        let slug = IdeaSlug.firstFree("dark-mode") { gappy.contains($0) }
        XCTAssertFalse(gappy.contains(slug))
        XCTAssertTrue(slug.hasPrefix("dark-mode-"))
        // A base of 60 characters is cut to leave room for the number, as `candidate` does
        let sixty = String(repeating: "a", count: 60)
        let long: Set<String> = [sixty, String(repeating: "a", count: 58) + "-2"]
        XCTAssertEqual(IdeaSlug.firstFree(sixty) { long.contains($0) }, String(repeating: "a", count: 58) + "-3")
        XCTAssertLessThanOrEqual(IdeaSlug.firstFree(sixty) { long.contains($0) }.count, 60)
    }
}
