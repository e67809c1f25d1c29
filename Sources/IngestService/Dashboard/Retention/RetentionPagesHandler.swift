import Dashboard
import Foundation
import HubHTTPServer

/// `/dashboard/settings/retention`: the workspace's media retention, as the operator API's
/// `PATCH /organization/retention` sets it. The form sends `days`; empty turns it off.
struct RetentionPagesHandler {
    let store: IngestStore

    /// `GET /dashboard/settings/retention`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        let notice: PageShell.Notice? = context.request.query["done"] == "saved" ? .ok("Saved. The next cleanup applies it.") : nil
        let page = RetentionPage(
            days: try store.mediaRetentionDays(organizationId: context.session.organizationId),
            canChange: context.session.role.allows(.manageRetention))
        return PageResponse.html(page.html(viewer: context.viewer(), notice: notice))
    }

    /// `POST /dashboard/settings/retention` (`days`): 303 back when saved, else the page with the problem and 400.
    func save(_ context: PageContext) throws -> HTTPResponse {
        let typed = (FormFields(context.request)["days"] ?? "").trimmingCharacters(in: .whitespaces)
        let days: Int?
        switch RetentionPagesHandler.parse(typed) {
        case .off: days = nil
        case .days(let value): days = value
        case .invalid:
            let page = RetentionPage(
                days: try store.mediaRetentionDays(organizationId: context.session.organizationId), canChange: true,
                draft: String(typed.prefix(12)), problems: FormProblems(["days": [MediaRetention.rangeProblem]]))
            return PageResponse.html(page.html(viewer: context.viewer(), notice: .problem("Nothing was changed.")), status: 400)
        }
        try store.setMediaRetentionDays(organizationId: context.session.organizationId, days: days)
        return PageResponse.redirect("/dashboard/settings/retention?done=saved")
    }

    enum Typed: Equatable {
        case off
        case days(Int)
        case invalid
    }

    /// Empty is off; whole digits in `MediaRetention.days` are days; anything else is refused.
    /// The length is checked before any conversion.
    static func parse(_ typed: String) -> Typed {
        if typed.isEmpty { return .off }
        guard typed.utf8.count <= 5, typed.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(typed),
            MediaRetention.days.contains(value)
        else { return .invalid }
        return .days(value)
    }
}
