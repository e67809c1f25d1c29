import XCTest

/// Reading rendered pages in the inbox and conversation tests.
enum InboxMarkup {
    /// Every `<form method="post" …>…</form>` of a page.
    static func postForms(_ markup: String) -> [String] {
        var forms: [String] = []
        var rest = markup[...]
        while let start = rest.range(of: "<form method=\"post\"") {
            guard let end = rest.range(of: "</form>", range: start.upperBound..<rest.endIndex) else { break }
            forms.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return forms
    }

    /// Fails unless each POST form's first field is the session's form token.
    static func assertEveryPostFormCarries(_ token: String, in markup: String, file: StaticString = #filePath, line: UInt = #line) {
        let forms = postForms(markup)
        XCTAssertFalse(forms.isEmpty, "no POST form", file: file, line: line)
        for form in forms {
            guard let close = form.firstIndex(of: ">") else { continue }
            XCTAssertTrue(
                form[form.index(after: close)...].hasPrefix("<input type=\"hidden\" name=\"_form\" value=\"" + token + "\">"), form,
                file: file, line: line)
        }
    }

    /// How many times `needle` occurs in `markup`.
    static func count(_ needle: String, in markup: String) -> Int { markup.components(separatedBy: needle).count - 1 }

    /// The element that starts with `start` up to the first `end` after it.
    static func slice(_ markup: String, from start: String, to end: String) -> String? {
        guard let open = markup.range(of: start), let close = markup.range(of: end, range: open.upperBound..<markup.endIndex) else {
            return nil
        }
        return String(markup[open.lowerBound..<close.upperBound])
    }
}
