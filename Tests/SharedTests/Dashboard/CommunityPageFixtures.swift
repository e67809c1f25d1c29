import Foundation
import XCTest

@testable import Dashboard

/// Viewers of each role and the checks every report and idea page must pass.
enum CommunityPageFixtures {
    static let token = "form-token-123"

    static func viewer(_ role: String) -> PageShell.Viewer {
        PageShell.Viewer(
            name: "Sam " + role, email: role + "@example.com", role: role, organization: "Acme", formToken: token,
            sections: role == "member" ? [.inbox, .ideas, .apps] : [.inbox, .ideas, .apps, .settings])
    }

    static let app = CommunityApp(id: "prj_1", name: "Weather", appId: "weather-app")
    static let otherApp = CommunityApp(id: "prj_2", name: "Notes", appId: "notes-app")

    static let hostile = "<script>alert(1)</script><img src=x onerror=alert(1)>"
    static let hostileEscaped = "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"

    /// Every `<form method="post">` opens with the hidden form token, and there is at least one.
    static func assertPostFormsCarryToken(_ markup: String, file: StaticString = #filePath, line: UInt = #line) {
        let forms = markup.components(separatedBy: "<form method=\"post\"").dropFirst()
        XCTAssertFalse(forms.isEmpty, "no POST form", file: file, line: line)
        for form in forms {
            let opening = form.prefix { $0 != ">" }
            let afterOpening = form.dropFirst(opening.count + 1)
            XCTAssertTrue(
                afterOpening.hasPrefix("<input type=\"hidden\" name=\"_form\" value=\"" + token + "\">"),
                "a POST form without the token: " + String(form.prefix(200)), file: file, line: line)
        }
        // No form posts any other way (a `method="POST"` written by hand would skip the token).
        XCTAssertEqual(
            markup.components(separatedBy: "<form").count - 1,
            forms.count + markup.components(separatedBy: "<form method=\"get\"").count - 1, "a form neither GET nor a PostForm",
            file: file, line: line)
    }

    /// No hostile tag survives as markup, and no inline style or script was written.
    static func assertNoMarkupFromUserText(_ markup: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(markup.contains("<script>alert"), file: file, line: line)
        XCTAssertFalse(markup.contains("<img src=x"), file: file, line: line)
        XCTAssertFalse(markup.contains("style="), file: file, line: line)
        XCTAssertFalse(markup.contains("<script>"), file: file, line: line)
    }

    /// The POST forms' actions, in order.
    static func postActions(_ markup: String) -> [String] {
        markup.components(separatedBy: "<form method=\"post\" action=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    static func count(_ needle: String, in markup: String) -> Int { markup.components(separatedBy: needle).count - 1 }
}
