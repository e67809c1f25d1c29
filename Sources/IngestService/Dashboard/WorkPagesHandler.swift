import Dashboard
import Foundation
import HubHTTPServer
import HubRuntime

/// `GET /dashboard/work/{id}`: a task of `PendingWork` as its page. Running, it is the
/// self-reloading "Working…" page; finished, whatever its starter draws (a page, or a 303 with
/// a notice); failed, the code with the hub's message and what to do, under the error's status;
/// gone, 404 saying so.
struct WorkPagesHandler {
    let work: PendingWork

    func page(_ context: PageContext) throws -> HTTPResponse {
        let id = context.request.pathParameters["id"] ?? ""
        guard let task = work.task(id, organizationId: context.session.organizationId, memberId: context.session.memberId) else {
            return PageResponse.html(WorkPage.lost(back: "/dashboard/apps").html(viewer: context.viewer()), status: 404)
        }
        let path = PendingWork.path(id)
        switch task.outcome {
        case nil:
            let page = WorkPage(
                title: task.title, state: .running(startedAt: ISOTime.format(task.startedAt)), back: task.back, path: path)
            var response = PageResponse.html(page.html(viewer: context.viewer()))
            response.headers.append(("Cache-Control", "no-store"))
            return response
        case .success(let render):
            return try render(context)
        case .failure(let error):
            return Self.failure(error, title: task.title, back: task.back, path: path, actions: task.actions, context)
        }
    }

    /// A refused task (or a refusal before one started) as its page, with the error's status.
    static func failure(
        _ error: Error, title: String, back: String, path: String, actions: [String: String], _ context: PageContext
    ) -> HTTPResponse {
        let api = error as? APIError ?? APIError.internal()
        let details = (api.fields ?? [:]).sorted { $0.key < $1.key }.flatMap { field, messages in
            messages.map { PageRefusal.fieldName(field) + " " + $0 }
        }
        var message = api.code == "INVALID_PAYLOAD" && !details.isEmpty ? details.joined(separator: "; ") + "." : api.message
        // Other refusals that name their fields (a CSV's rows) say which, after the message.
        if api.code != "INVALID_PAYLOAD" && !details.isEmpty { message += " " + details.joined(separator: "; ") + "." }
        let page = WorkPage(
            title: title + " failed", state: .failed(code: api.code, message: message, action: actions[api.code]), back: back, path: path)
        return PageResponse.html(page.html(viewer: context.viewer()), status: api.status)
    }
}
