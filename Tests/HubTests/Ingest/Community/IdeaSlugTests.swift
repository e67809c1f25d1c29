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
}
