import Foundation
import XCTest

@testable import HubRuntime

final class TrimmingTests: XCTestCase {
    func testTheShortcutAnswersWhatFoundationDoes() {
        // Given text with and without whitespace of every kind at either end
        let samples = [
            "", " ", "a", "Dark mode", "  Dark mode  ", "\tx\n", "\u{00A0}nbsp\u{00A0}", "\u{2003}em\u{3000}", "x\u{200B}",
            "\r\nline\r\n", "crème", "é ", " 🎉", "🎉", "a\u{7F}", "\u{1}ctl\u{1}", "application/json", " application/json ",
        ]
        for text in samples {
            // Then both trims answer as Foundation, for a String and a Substring
            XCTAssertEqual(text.trimmingWhitespace(), text.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
            XCTAssertEqual(text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
            let sub = ("<" + text + ">").dropFirst().dropLast()
            XCTAssertEqual(sub.trimmingWhitespace(), sub.trimmingCharacters(in: .whitespacesAndNewlines), text.debugDescription)
        }
    }
}
