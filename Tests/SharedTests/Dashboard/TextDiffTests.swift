import XCTest

@testable import Dashboard

/// The review's word-level difference (`TextDiff`): what both values share at each end stays,
/// the middle is removed and added, the pieces give each text back exactly, and markup in a
/// value is escaped on both sides.
final class TextDiffTests: XCTestCase {
    func testOnlyTheChangedWordsAreMarkedAndTheTextsComeBackExactly() {
        // Given keywords where one term changed in the middle
        let old = "hiking,gps,maps,trails"
        let new = "hiking,gps,camping,trails"
        // When they are compared
        let segments = TextDiff.words(old: old, new: new)
        // Then the shared ends stay and only the middle term is removed and added
        XCTAssertEqual(segments, [.same("hiking,gps,"), .removed("maps,"), .added("camping,"), .same("trails")])
        // And joining each side gives its text back
        let before = segments.compactMap { if case .same(let t) = $0 { t } else if case .removed(let t) = $0 { t } else { nil } }.joined()
        let after = segments.compactMap { if case .same(let t) = $0 { t } else if case .added(let t) = $0 { t } else { nil } }.joined()
        XCTAssertEqual(before, old)
        XCTAssertEqual(after, new)
    }

    func testEqualEmptyAndWhollyNewValues() {
        // Then an unchanged value is one shared piece, and from empty everything is added
        XCTAssertEqual(TextDiff.words(old: "Bug fixes", new: "Bug fixes"), [.same("Bug fixes")])
        XCTAssertEqual(TextDiff.words(old: "", new: "New trails"), [.added("New trails")])
        XCTAssertEqual(TextDiff.words(old: "Old", new: ""), [.removed("Old")])
    }

    func testMarkupInAValueIsEscapedOnBothSides() {
        // When a value holding markup is drawn as a difference
        let (old, new) = TextDiff.html(old: "Maps <b>offline</b>", new: "Maps <i>offline</i>")
        // Then the change is struck and marked, and the value's own markup is text
        XCTAssertEqual(old.markup, "Maps <del>&lt;b&gt;offline&lt;/b&gt;</del>")
        XCTAssertEqual(new.markup, "Maps <ins>&lt;i&gt;offline&lt;/i&gt;</ins>")
    }
}
