import Foundation
import XCTest

@testable import Dashboard

/// Reads rendered pages the way the tests of the apps, settings and account pages need: the
/// POST forms and their actions, whether each carries the form token, and what no page may
/// contain (inline script or style, a `javascript:` URL).
enum PageMarkupProbe {
    static let token = "form-token-1"

    static func viewer(role: String, sections: [PageShell.Section]? = nil) -> PageShell.Viewer {
        PageShell.Viewer(
            name: "Ana", email: "ana@example.com", role: role, organization: "Acme", formToken: token,
            sections: sections ?? (role == "member" ? [.inbox, .ideas, .apps] : [.inbox, .ideas, .apps, .settings]))
    }

    /// The `action` of every `<form method="post">`, in order.
    static func postActions(_ markup: String) -> [String] {
        postForms(markup).map(\.action)
    }

    /// Each POST form's action and whether the hidden form-token field comes first in it.
    static func postForms(_ markup: String) -> [(action: String, carriesToken: Bool)] {
        var out: [(String, Bool)] = []
        var rest = Substring(markup)
        while let start = rest.range(of: "<form method=\"post\" action=\"") {
            let afterAction = rest[start.upperBound...]
            guard let quote = afterAction.firstIndex(of: "\""), let close = afterAction.firstIndex(of: ">") else { break }
            let action = String(afterAction[..<quote])
            let body = afterAction[afterAction.index(after: close)...]
            out.append((action, body.hasPrefix("<input type=\"hidden\" name=\"_form\" value=\"" + token + "\">")))
            rest = body
        }
        return out
    }

    static func count(_ needle: String, in markup: String) -> Int {
        markup.components(separatedBy: needle).count - 1
    }

    /// What no page may contain, whatever its data: the CSP forbids inline code, and user text
    /// must never become markup. And every POST form carries the form token.
    static func assertSafe(_ markup: String, formsCarryToken: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(markup.contains(" style="), "inline style", file: file, line: line)
        XCTAssertFalse(markup.contains("<script>"), "inline script", file: file, line: line)
        XCTAssertFalse(markup.lowercased().contains("javascript:"), "javascript: URL", file: file, line: line)
        XCTAssertFalse(markup.contains("<img src=x"), "user markup", file: file, line: line)
        guard formsCarryToken else { return }
        for form in postForms(markup) { XCTAssertTrue(form.carriesToken, "no form token in \(form.action)", file: file, line: line) }
    }
}
