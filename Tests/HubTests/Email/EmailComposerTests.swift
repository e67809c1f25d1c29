import Foundation
import XCTest

@testable import HubRuntime
@testable import PushService

/// The MIME builder: CRLF, folded and encoded headers, quoted-printable bodies with no line
/// over 998 characters, a stable Message-ID, and no header injection.
final class EmailComposerTests: XCTestCase {
    let sender = EmailAddress(parsing: "North Support <support@north.example>")!
    let date = Date(timeIntervalSince1970: 1_800_000_000)

    private func compose(_ draft: EmailDraft) throws -> String {
        String(decoding: try EmailComposer.compose(draft, from: sender, date: date), as: UTF8.self)
    }

    private func headerBlock(_ message: String) -> String {
        String(message[..<message.range(of: "\r\n\r\n")!.lowerBound])
    }

    func testTheHeadersAreThoseOfAnAutomaticMultipartMessage() throws {
        // When a draft is composed
        let message = try compose(EmailFixture.draft("reply:01JABC"))

        // Then the headers carry the sender, recipient, date, a Message-ID from the key and the marks
        let headers = headerBlock(message)
        XCTAssertTrue(headers.hasPrefix("From: North Support <support@north.example>\r\n"), headers)
        for line in [
            "To: Rita Reporter <reporter@example.org>", "Subject: Your report", "Date: Fri, 15 Jan 2027 08:00:00 +0000",
            "Message-ID: <reply.01JABC@north.example>", "MIME-Version: 1.0", "Auto-Submitted: auto-generated",
        ] {
            XCTAssertTrue(headers.contains(line + "\r\n") || headers.hasSuffix(line), "missing \(line) in \(headers)")
        }
        XCTAssertTrue(headers.contains("Content-Type: multipart/alternative; boundary="), headers)
        XCTAssertFalse(headers.contains("List-Unsubscribe"))
        // And no bare LF anywhere
        XCTAssertFalse(message.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        // And the same draft gives the same bytes (a retry sends what was tried)
        XCTAssertEqual(message, try compose(EmailFixture.draft("reply:01JABC")))
    }

    func testALineBreakInAnyHeaderValueIsRefused() throws {
        // Given header values that would add a header
        var subject = EmailFixture.draft("reply:1")
        subject.subject = "Hello\r\nBcc: victim@example.com"
        var unsubscribe = EmailFixture.draft("reply:2")
        unsubscribe.listUnsubscribe = "https://hub.example/u\nBcc: victim@example.com"
        var lone = EmailFixture.draft("reply:3")
        lone.subject = "Hello\nBcc: victim@example.com"

        // Then each is refused, never cleaned up and sent
        for draft in [subject, unsubscribe, lone] {
            XCTAssertThrowsError(try compose(draft)) { XCTAssertEqual(($0 as? EmailCompositionError)?.code, "UNSAFE_HEADER") }
        }
        // And a display name with a line break is no address at all
        XCTAssertNil(EmailAddress(address: "a@example.org", name: "Rita\r\nBcc: victim@example.com"))
        XCTAssertNil(EmailAddress(parsing: "<a@example.org>\r\nBcc: victim@example.com"))
        XCTAssertNil(EmailAddress(address: "a@exa mple.org"))
    }

    func testNonASCIIHeadersAreEncodedWordsAndLongOnesAreFolded() throws {
        // Given a long non-ASCII subject and a long ASCII one
        var draft = EmailFixture.draft("reply:1")
        draft.subject = String(repeating: "Réponse à votre rapport ", count: 10)
        draft.to = EmailAddress(address: "rita@example.org", name: "Rita \"R\" Müller")!
        let encoded = headerBlock(try compose(draft))
        draft.subject = String(repeating: "A long plain subject ", count: 20)
        let plain = headerBlock(try compose(draft))

        // Then the non-ASCII subject is UTF-8 encoded words of at most 75 characters, one per line
        XCTAssertTrue(encoded.contains("Subject: =?UTF-8?B?"), encoded)
        let words = encoded.components(separatedBy: "\r\n").filter { $0.contains("=?UTF-8?B?") }
        XCTAssertGreaterThan(words.count, 3)
        for line in words {
            let word = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "Subject: ", with: "")
                .replacingOccurrences(of: "To: ", with: "")
            XCTAssertLessThanOrEqual(word.components(separatedBy: " ")[0].count, 75, line)
        }
        // And the plain one is folded at spaces into lines of at most 78 characters
        for line in plain.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.count, 78, line) }
        XCTAssertTrue(plain.contains("Subject: A long plain subject"), plain)
    }

    func testBodiesAreQuotedPrintableWithNoLineOver76Characters() throws {
        // Given a body with a 5,000-character line, non-ASCII text, trailing spaces and an "=" sign
        var draft = EmailFixture.draft("reply:1")
        draft.text = String(repeating: "x", count: 5_000) + "\nprix = 5 € \n.\nend"
        draft.html = "<p>" + String(repeating: "é", count: 600) + "</p>"
        let message = try compose(draft)

        // Then no line of the message exceeds 76 characters in its bodies (998 is the hard limit)
        let body = String(message[message.range(of: "\r\n\r\n")!.upperBound...])
        for line in body.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.utf8.count, 76, line) }
        // And the encoding is reversible: soft breaks and escapes give back the text
        XCTAssertTrue(body.contains("prix =3D 5 =E2=82=AC=20\r\n.\r\nend"), body)
        XCTAssertEqual(QuotedPrintable.encode("a\r\nb"), "a\r\nb")
        XCTAssertEqual(QuotedPrintable.encode("tab\t"), "tab=09")
    }

    func testListUnsubscribeIsAddedForMailAMemberMayStop() throws {
        // Given a draft with an unsubscribe link
        var draft = EmailFixture.draft("alert:1")
        draft.listUnsubscribe = "https://hub.example/unsubscribe/t0k"

        // Then both headers of RFC 2369 and RFC 8058 are there
        let headers = headerBlock(try compose(draft))
        XCTAssertTrue(headers.contains("List-Unsubscribe: <https://hub.example/unsubscribe/t0k>\r\n"), headers)
        XCTAssertTrue(headers.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), headers)
    }
}
