import Foundation
import XCTest

@testable import IngestService

/// The accounts API as the dashboard's pages call it (docs/accounts.md, "For the dashboard"):
/// sign-in and links answer on the password hasher, so these wait for them with a deadline.
extension AdminClient {
    var accounts: Accounts { hub.app!.accounts }

    /// A client address of the documentation range, for the sign-in throttle.
    static let address = "203.0.113.7"

    /// The outcome `start` hands its completion, or the error it fails with.
    func outcome(
        _ start: (@escaping (Result<SignInOutcome, Error>) -> Void) -> Void, file: StaticString = #filePath, line: UInt = #line
    ) throws -> SignInOutcome {
        try AdminClient.outcome(start, file: file, line: line)
    }

    static func outcome(
        _ start: (@escaping (Result<SignInOutcome, Error>) -> Void) -> Void, file: StaticString = #filePath, line: UInt = #line
    ) throws -> SignInOutcome {
        let done = DispatchSemaphore(value: 0)
        let box = OutcomeBox()
        start { result in
            box.result = result
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success, let result = box.result else {
            XCTFail("no outcome within 30 s", file: file, line: line)
            throw Timeout()
        }
        return try result.get()
    }

    func signIn(_ email: String, _ password: String, from address: String = AdminClient.address) throws -> SignInOutcome {
        try outcome { accounts.signIn(email: email, password: password, address: address, completion: $0) }
    }

    func accept(_ code: String, name: String? = nil, password: String, from address: String = AdminClient.address) throws -> SignInOutcome {
        try outcome { accounts.accept(code: code, name: name, password: password, address: address, completion: $0) }
    }

    /// A user made as `ingest user add` makes one, who set `password` through the setup link:
    /// their session and its cookie value.
    @discardableResult
    func person(
        _ email: String, role: Role = .owner, password: String = "correct horse battery", organization: String = "default",
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (token: String, session: TeamSession) {
        let setup = try store.addUserWithSetupCode(email: email, role: role, organizationSlug: organization)
        return try signedIn(
            try accept(setup.code, name: String(email.prefix { $0 != "@" }).capitalized, password: password), file: file, line: line)
    }

    /// The session of a `.signedIn` outcome; fails the test on any other.
    func signedIn(_ outcome: SignInOutcome, file: StaticString = #filePath, line: UInt = #line) throws -> (
        token: String, session: TeamSession
    ) {
        try AdminClient.signedIn(outcome, file: file, line: line)
    }

    static func signedIn(_ outcome: SignInOutcome, file: StaticString = #filePath, line: UInt = #line) throws -> (
        token: String, session: TeamSession
    ) {
        guard case .signedIn(let token, let session) = outcome else {
            XCTFail("expected a session, got \(outcome)", file: file, line: line)
            throw Timeout()
        }
        return (token, session)
    }

    struct Timeout: Error {}

    private final class OutcomeBox: @unchecked Sendable {
        var result: Result<SignInOutcome, Error>?
    }
}
