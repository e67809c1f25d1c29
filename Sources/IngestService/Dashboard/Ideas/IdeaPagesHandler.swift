import Dashboard
import Foundation
import HubHTTPServer

/// The ideas of an app as the team works on them: the list (`GET /dashboard/ideas`), the
/// moderation queue, one idea and its posts (edit, status, pin, approve or reject, merge,
/// official comment) and the comment decisions. Every route needs `.moderateIdeas`; the checks
/// and store calls are `IdeaWork`'s, shared with the operator API.
struct IdeaPagesHandler {
    let store: IngestStore

    var work: IdeaWork { IdeaWork(store: store) }
    var community: CommunityPages { CommunityPages(store: store) }

    static let notices: [String: String] = [
        "status": "Status changed.", "pinned": "Pinned to the top.", "unpinned": "Unpinned.", "edited": "Public text saved.",
        "approved": "Approved: the public sees it now.", "rejected": "Rejected: hidden from the public.",
        "merged": "Merged into this idea.", "commented": "Official comment posted.",
    ]

    /// Ideas per page of the list.
    static let pageSize = 50

    func id(_ context: PageContext) -> String { context.request.pathParameters["id"] ?? "" }

    // MARK: Pages

    /// `GET /dashboard/ideas?app=&board=&status=&q=&cursor=`.
    func list(_ context: PageContext) throws -> HTTPResponse {
        let notice = CommunityPages.notice(context, IdeaPagesHandler.notices)
        return PageResponse.html(try listView(context).html(viewer: context.viewer(), notice: notice))
    }

    /// `GET /dashboard/ideas/moderation?app=`.
    func moderation(_ context: PageContext) throws -> HTTPResponse {
        let notice = CommunityPages.notice(context, IdeaPagesHandler.notices)
        return PageResponse.html(try moderationView(context).html(viewer: context.viewer(), notice: notice))
    }

    /// `GET /dashboard/ideas/{id}`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        let notice = CommunityPages.notice(context, IdeaPagesHandler.notices)
        return PageResponse.html(try ideaView(id(context), context).html(viewer: context.viewer(), notice: notice))
    }

    func refused(_ context: PageContext, _ refusal: PageRefusal, drafts: [String: String] = [:]) throws -> HTTPResponse {
        var page = try ideaView(id(context), context)
        page.drafts = drafts
        return PageResponse.html(page.html(viewer: context.viewer(), notice: refusal.notice), status: refusal.status)
    }

    func done(_ ideaId: String, _ flag: String) -> HTTPResponse {
        PageResponse.redirect("/dashboard/ideas/" + FeedbackPageParts.encode(ideaId) + "?done=" + flag)
    }

    // MARK: Posts

    /// `POST /dashboard/ideas/{id}`: the status form (`status`), the pin button (`pinned=1|0`)
    /// or the editor (`title`, `description`).
    func update(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let pinned = form["pinned"].map { $0 == "1" }
        let editing = form.raw("title") != nil
        let title = form.raw("title")
        let description = editing ? (form.raw("description") ?? "") : nil
        let flag = editing ? "edited" : pinned.map { $0 ? "pinned" : "unpinned" } ?? "status"
        return try PageRefusal.attempt("Idea") {
            let idea = try work.update(
                id(context),
                { try IdeaWork.changes(title: title, description: description, status: form["status"], board: nil, pinned: pinned) },
                by: context.session.actor)
            return done(idea.id, flag)
        } page: {
            try refused(context, $0, drafts: editing ? ["title": title ?? "", "description": description ?? ""] : [:])
        }
    }

    /// `POST /dashboard/ideas/{id}/approve` and `/reject`: back to the queue when decided there.
    func moderate(_ decision: ModerationDecision) -> (PageContext) throws -> HTTPResponse {
        { context in
            let idea = try work.moderate(idea: id(context), decision, by: context.session.actor)
            if CommunityPages.fromQueue(context) {
                return CommunityPages.back("/dashboard/ideas/moderation", app: idea.projectId, done: decision.rawValue)
            }
            return done(idea.id, decision.rawValue)
        }
    }

    /// `POST /dashboard/comments/{id}/approve` and `/reject`.
    func moderateComment(_ decision: ModerationDecision) -> (PageContext) throws -> HTTPResponse {
        { context in
            let comment = try work.moderate(comment: id(context), decision, by: context.session.actor)
            if CommunityPages.fromQueue(context) {
                let projectId = try store.adminIdea(id: comment.ideaId, organizationId: context.session.organizationId)?.projectId
                return CommunityPages.back("/dashboard/ideas/moderation", app: projectId, done: decision.rawValue)
            }
            return PageResponse.redirect(
                "/dashboard/ideas/" + FeedbackPageParts.encode(comment.ideaId) + "?done=" + decision.rawValue + "#comments")
        }
    }

    /// `POST /dashboard/ideas/{id}/merge` (`into`): to the idea kept.
    func merge(_ context: PageContext) throws -> HTTPResponse {
        let into = FormFields(context.request)["into"]
        return try PageRefusal.attempt("Merge") {
            let target = try work.merge(id(context), into: into, by: context.session.actor)
            return done(target.id, "merged")
        } page: {
            try refused(context, $0)
        }
    }

    /// `POST /dashboard/ideas/{id}/comments` (`body`): signed with the member's name.
    func comment(_ context: PageContext) throws -> HTTPResponse {
        let body = FormFields(context.request).raw("body")
        let author = String(context.session.name.prefix(InputLimits.authorName.upperBound))
        return try PageRefusal.attempt("Comment") {
            let comment = try work.officialComment(
                on: id(context), body: body, authorName: author.isEmpty ? nil : author, by: context.session.actor)
            return PageResponse.redirect("/dashboard/ideas/" + FeedbackPageParts.encode(comment.ideaId) + "?done=commented#comments")
        } page: {
            try refused(context, $0, drafts: ["body": body ?? ""])
        }
    }
}
