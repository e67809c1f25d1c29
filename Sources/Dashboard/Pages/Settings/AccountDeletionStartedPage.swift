/// The answer to a confirmed account deletion. The same answer signs the member out, and every
/// page of the account is refused (`ACCOUNT_ERASING`) from now on, so this page is the last
/// one they see: it names the erasure and says how to know when it is done.
public struct AccountDeletionStartedPage: Sendable {
    public var organizationName: String
    public var erasureId: String
    /// docs/privacy.md's "Delete an account" on the docs site.
    public var privacyURL: String

    public init(organizationName: String, erasureId: String, privacyURL: String) {
        self.organizationName = organizationName
        self.erasureId = erasureId
        self.privacyURL = privacyURL
    }

    public func html() -> HTML {
        PageShell.bare(title: "Your account is being deleted") {
            element("h1") { "Your account is being deleted" }
            element("p") {
                organizationName + " and every one of its apps are being deleted from every part of the hub. "
                    + "You have been signed out."
            }
            element("p") {
                "Erasure ID: "
                element("code", .class("copyable")) { erasureId }
            }
            element("h2") { "When is it done?" }
            element("p", .class("small")) {
                "Usually within a minute; if a part of the hub is unavailable it is retried until it succeeds. Until then, "
                    + "signing in shows that the account is being deleted. An API token of the organization can follow it with "
                element("code", .class("copyable")) { "GET /api/admin/v1/erasures/" + erasureId }
                "; once it is done the token no longer exists and that answers 401, and people who belong to no other "
                    + "organization can no longer sign in."
            }
            element("p", .class("small")) {
                element("a", .href(privacyURL)) { "What an account deletion removes" }
            }
        }
    }
}
