import Foundation
import XCTest

@testable import IngestService

extension ChatHTTPFixture {
    /// A page session of a person of an organization (by default the bootstrap token's, which
    /// made the project), made as `ingest user add` makes one and signed in.
    func pages(as email: String, role: Role = .member, organization: String = "default") throws -> PageSession {
        let app = try XCTUnwrap(hub.app)
        let setup = try app.store.addUserWithSetupCode(email: email, role: role, organizationSlug: organization)
        let outcome = try AdminClient.outcome {
            app.accounts.accept(
                code: setup.code, name: String(email.prefix { $0 != "@" }).capitalized, password: "correct horse battery",
                address: AdminClient.address, completion: $0)
        }
        let signedIn = try AdminClient.signedIn(outcome)
        return PageSession(hub: hub, cookie: signedIn.token, formToken: signedIn.session.formToken)
    }
}
