import Dashboard
import HubHTTPServer

/// Settings → Delete this account (`/dashboard/settings/delete-account`), owners only: the
/// organization's name typed back exactly records the account erasure through
/// `ErasureRequests`, as `POST /api/admin/v1/organization/erasure` does (docs/privacy.md). The
/// answer signs the member out: the account's pages are refused while it runs and gone after.
struct AccountDeletionPagesHandler {
    let requests: ErasureRequests
    let accounts: Accounts
    let gate: PageGate
    /// `APPNORTH_DOCS_URL`, where docs/privacy.md is published.
    let docsURL: String

    var privacyURL: String { docsURL + "/privacy#account-erasure" }

    /// `GET /dashboard/settings/delete-account`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        let page = DeleteAccountPage(organizationName: context.session.organizationName, privacyURL: privacyURL)
        return PageResponse.html(page.html(viewer: context.viewer()))
    }

    /// `POST /dashboard/settings/delete-account` (`confirm`): the final page, or the form again
    /// with the problem and 400 when the name does not match, nothing recorded.
    func delete(_ context: PageContext) throws -> HTTPResponse {
        let typed = FormFields(context.request)["confirm"]
        let record: ErasureRecord
        do {
            record = try requests.recordAccountErasure(context.session.organizationId, confirm: typed)
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            let page = DeleteAccountPage(
                organizationName: context.session.organizationName, privacyURL: privacyURL, draft: String((typed ?? "").prefix(400)),
                problems: FormProblems(error.fields ?? ["confirm": [error.message]]))
            return PageResponse.html(
                page.html(viewer: context.viewer(), notice: .problem("Nothing was deleted: the name did not match.")), status: 400)
        }
        if let token = SessionCookie.value(in: context.request) { try accounts.signOut(token: token) }
        let done = AccountDeletionStartedPage(
            organizationName: context.session.organizationName, erasureId: record.id, privacyURL: privacyURL)
        var response = PageResponse.html(done.html())
        response.headers.append(("Set-Cookie", SessionCookie.clear(secure: gate.secureCookies(context.request))))
        return response
    }
}
