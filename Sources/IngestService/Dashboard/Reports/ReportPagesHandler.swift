import Dashboard
import Foundation
import HubHTTPServer
import HubRuntime

/// One private report as the team works on it: `GET /dashboard/reports/{id}` and its posts
/// (triage, reply or note, promote or link), the authenticated screenshot, and the CSV export
/// of the inbox's reports. The checks and store calls are `ReportWork`'s, shared with the
/// operator API; every route needs `.triageReports`.
struct ReportPagesHandler {
    let store: IngestStore
    let objects: ObjectStore
    /// The replies' email delivery state (from pushd); nil leaves it out.
    var deliveries: ReplyDeliveries?

    var work: ReportWork { ReportWork(store: store) }

    /// The notices a good post comes back with (`?done=`).
    static let notices: [String: String] = [
        "triage": "Triage saved.", "replied": "Reply sent.", "noted": "Internal note added.",
        "kept": "Nobody can receive a reply to this report, so it was kept as an internal note.",
        "promoted": "The idea was created and linked to this report.", "linked": "The report is linked to the idea.",
        "read": "Marked as read.", "unread": "Marked as unread.",
    ]

    func id(_ context: PageContext) -> String { context.request.pathParameters["id"] ?? "" }

    /// `GET /dashboard/reports/{id}`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        let notice = context.request.query["done"].flatMap { ReportPagesHandler.notices[$0] }.map(PageShell.Notice.ok)
        return PageResponse.html(try view(id(context), context).html(viewer: context.viewer(), notice: notice))
    }

    /// The page again after a refused post, with what was typed.
    func refused(_ context: PageContext, _ refusal: PageRefusal, drafts: [String: String] = [:], labels: [String]? = nil) throws
        -> HTTPResponse
    {
        var page = try view(id(context), context, labels: labels)
        page.drafts = drafts
        return PageResponse.html(page.html(viewer: context.viewer(), notice: refusal.notice), status: refusal.status)
    }

    func done(_ context: PageContext, _ flag: String) -> HTTPResponse {
        PageResponse.redirect("/dashboard/reports/" + FeedbackPageParts.encode(id(context)) + "?done=" + flag)
    }

    /// `POST /dashboard/reports/{id}`: the triage form (`status`, `priority`, `assignee` with
    /// `none` for nobody, `labels` separated by commas), or the read button alone (`read=1|0`).
    func triage(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        var triage = ReportWork.Triage()
        if let read = form["read"] { triage.read = read == "1" }
        triage.status = form["status"]
        triage.priority = form["priority"]
        if let assignee = form["assignee"] {
            triage.setsAssignee = true
            triage.assigneeId = assignee == "none" ? nil : assignee
        }
        // A triage form always sends `labels`: an empty one clears them.
        if form.raw("labels") != nil {
            triage.labels = (form.raw("labels") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        let flag = triage.status == nil && triage.read != nil ? (triage.read! ? "read" : "unread") : "triage"
        return try PageRefusal.attempt("Triage") {
            try work.update(id: id(context), triage, by: context.session.actor)
            return done(context, flag)
        } page: {
            try refused(context, $0, labels: triage.labels)
        }
    }

    /// `POST /dashboard/reports/{id}/reply` (`message`, `internal=1` for a note, `key`): a double
    /// submit with the same key posts once.
    func reply(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let message = form.raw("message")
        let isInternal = form["internal"] == "1"
        let key = form["key"].flatMap { IngestStore.isValidIdempotencyKey($0) ? $0 : nil }
        return try PageRefusal.attempt("Reply") {
            let reportId = id(context)
            let answer = try store.idempotent(
                projectId: "", route: "POST /dashboard/reports/\(reportId)/reply", scope: context.session.actor.label, key: key,
                payload: Array(((message ?? "") + "\u{0}" + (isInternal ? "1" : "0")).utf8)
            ) {
                let reply = try work.reply(id: reportId, message: message, internal: isInternal, by: context.session.actor)
                let flag = reply.convertedToNote ? "kept" : reply.isInternal ? "noted" : "replied"
                return (303, Array(flag.utf8))
            }
            return done(context, String(decoding: answer.body, as: UTF8.self))
        } page: {
            try refused(context, $0, drafts: ["message": message ?? ""])
        }
    }

    /// `POST /dashboard/reports/{id}/promote`: `idea` links an existing idea; otherwise `board`,
    /// `title` and `description` make a new one.
    func promote(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        if let idea = form["idea"] {
            return try PageRefusal.attempt("Link") {
                _ = try work.link(id: id(context), idea: idea, by: context.session.actor)
                return done(context, "linked")
            } page: {
                try refused(context, $0)
            }
        }
        let title = form.raw("title")
        let description = form.raw("description")
        return try PageRefusal.attempt("Idea") {
            _ = try work.promote(id: id(context), board: form["board"], title: title, description: description, by: context.session.actor)
            return done(context, "promoted")
        } page: {
            try refused(context, $0, drafts: ["title": title ?? "", "description": description ?? ""])
        }
    }

    /// `GET /dashboard/reports/{id}/screenshot`: the stored image, for members of the report's
    /// organization only; never cached by a shared cache, never sniffed as anything else.
    func screenshot(_ context: PageContext) throws -> HTTPResponse {
        guard let row = try store.inboxReport(id: id(context), organizationId: context.session.organizationId),
            let key = row.string("screenshot_key"), let bytes = try objects.get(key: key)
        else { throw PageError.notFound }
        let type = row.string("screenshot_type") ?? ""
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", ["image/png", "image/jpeg", "image/webp"].contains(type) ? type : "application/octet-stream"),
                ("Cache-Control", "private, max-age=300"), ("X-Content-Type-Options", "nosniff"),
                ("Content-Security-Policy", "default-src 'none'; sandbox"),
            ], body: bytes)
    }

    /// `GET /dashboard/reports.csv?app=&status=&type=&priority=&label=&read=&assignee=&query=`:
    /// the operator export's query and file, for one app or, without `app`, every app of the
    /// organization. A bad filter is 400 `INVALID_QUERY`, as in the operator API.
    func export(_ context: PageContext) throws -> HTTPResponse {
        let organizationId = context.session.organizationId
        var projects = try store.projects(organizationId: organizationId)
        if let app = context.request.query["app"], !app.isEmpty {
            projects = projects.filter { $0.id == app }
            if projects.isEmpty { throw PageError.notFound }
        }
        var errors = FieldErrors()
        let query = try AdminFeedbackQuery.parse(
            context.request, projectId: projects.first?.id ?? "", organizationId: organizationId, store: store, into: &errors)
        try errors.throwIfAnyInQuery()
        return try AdminFeedbackCSV.response(
            store: store, projectIds: projects.map(\.id), query: query, limit: AdminFeedbackHandler.maxExportRows,
            filename: projects.count == 1 ? "feedback-\(projects[0].id).csv" : "feedback.csv")
    }
}
