import XCTest

@testable import HubHTTPClient

/// The server's replies as libcurl hands them to the header callback, one line a call: the
/// refusal a failure reports survives the `QUIT` exchange some libcurl versions run after it.
final class SMTPSubmissionTests: XCTestCase {
    private func receive(_ lines: [String], into submission: SMTPSubmission) {
        for line in lines {
            Array((line + "\r\n").utf8).withUnsafeBytes { submission.receiveReply($0) }
        }
    }

    func testARefusalFollowedByTheQuitReplyIsKeptAsTheRefusal() {
        let submission = SMTPSubmission(message: [], password: nil)
        receive(["220 fake-smtp.test ready", "250 OK", "550 5.1.1 No such user here", "221 Bye"], into: submission)
        XCTAssertEqual(submission.lastRefusal, "550 5.1.1 No such user here")
        XCTAssertEqual(submission.lastReply, "221 Bye")
    }

    func testTheLastOfSeveralRefusalsWinsAndAcceptancesAreNoRefusal() {
        let submission = SMTPSubmission(message: [], password: nil)
        receive(["250-fake-smtp.test", "250 HELP", "354 End data with <CR><LF>.<CR><LF>"], into: submission)
        XCTAssertEqual(submission.lastRefusal, "")
        receive(["451 4.7.1 Greylisted", "452 4.3.1 Insufficient storage", "221 Bye"], into: submission)
        XCTAssertEqual(submission.lastRefusal, "452 4.3.1 Insufficient storage")
    }

    func testARefusalLongerThanThreeHundredCharactersIsCut() {
        let submission = SMTPSubmission(message: [], password: nil)
        let long = "554 " + String(repeating: "x", count: 400)
        receive([long, "221 Bye"], into: submission)
        XCTAssertEqual(submission.lastRefusal.count, 300)
        XCTAssertEqual(submission.lastRefusal, String(long.prefix(300)))
    }
}
