import Dashboard
import HubHTTPServer

/// `/dashboard/settings/notifications`: every member chooses their own email alerts (docs/email.md,
/// "Team alerts"); nobody sets another's. Roles that may not open the inbox get no alert
/// whatever they tick: `EmailAlertPreferences.role(_:mayReceive:)` decides when sending.
struct EmailAlertsPagesHandler {
    let store: IngestStore
    /// `APPNORTH_SMTP_URL` is set.
    let emailOn: Bool

    /// `GET /dashboard/settings/notifications`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        let notice: PageShell.Notice? = context.request.query["done"] == "saved" ? .ok("Saved. It applies from the next alert.") : nil
        return PageResponse.html(try view(context).html(viewer: context.viewer(), notice: notice))
    }

    /// `POST /dashboard/settings/notifications` (`newConversation`, `newReport`, `dailyDigest`:
    /// `1` when checked; a box left unchecked is not sent and reads as off).
    func save(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let preferences = EmailAlertPreferences(
            newConversation: form["newConversation"] == "1", newReport: form["newReport"] == "1",
            dailyDigest: form["dailyDigest"] == "1")
        try store.saveEmailAlertPreferences(preferences, by: context.session.actor)
        return PageResponse.redirect("/dashboard/settings/notifications?done=saved")
    }

    func view(_ context: PageContext) throws -> EmailAlertsPage {
        let session = context.session
        let saved = try store.emailAlertPreferences(memberId: session.memberId, role: session.role)
        let fields: [(String, Bool)] = [
            ("newConversation", saved.newConversation), ("newReport", saved.newReport), ("dailyDigest", saved.dailyDigest),
        ]
        return EmailAlertsPage(checked: Set(fields.filter(\.1).map(\.0)), emailOn: emailOn, email: session.email)
    }
}
