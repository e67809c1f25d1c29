import Dashboard
import Foundation
import HubCrypto
import HubHTTPServer
import HubMessaging

/// One conversation (`/dashboard/conversations/{id}`): the page is one `chat.team.thread` call
/// (the conversation among the organization's projects, its newest messages with authors and
/// the user's paywalls); opening it marks the user's messages read, the script's 5 s refresh
/// (`X-Live-Refresh`) does not. The posts go through `ChatTeamActions`, as the operator API's
/// do: a good one answers 303 back to the page with `?done=…`, a refused one draws the page
/// again with the reason and what was typed (400, 409 or 413).
struct ConversationPagesHandler {
    /// The header the dashboard's script sends with its refresh of live regions.
    static let liveHeader = "X-Live-Refresh"
    /// A reply with three photos of 5 MiB each and its text.
    static let replyFormBytes = 3 * (5 << 20) + 256 * 1024

    let store: IngestStore
    let chat: BackendForwarding
    let actions: ChatTeamActions
    let uploads: ChatImageUploads

    // MARK: The page

    func page(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let id = context.request.pathParameters["id"] ?? ""
        let markRead = context.request.headers[ConversationPagesHandler.liveHeader] == nil
        let notice = context.request.query["done"].flatMap(ConversationPagesHandler.notice)
        try load(context, id: id, markRead: markRead, respond: respond) { view in
            PageResponse.html(ConversationPage.render(view, viewer: context.viewer(), notice: notice))
        }
    }

    static func notice(_ done: String) -> PageShell.Notice? {
        switch done {
        case "replied": return .ok("Reply sent.")
        case "noted": return .ok("Internal note added. Only your team sees it.")
        case "resolved": return .ok("Conversation resolved.")
        case "reopened": return .ok("Conversation reopened.")
        case "offer": return .ok("Offer sent.")
        case "review": return .ok("Review request sent.")
        default: return nil
        }
    }

    /// Reads the conversation and draws it with `draw`; 404 `NOT_FOUND` when no project of the
    /// organization has it.
    func load(
        _ context: PageContext, id: String, markRead: Bool, respond: @escaping Route.Completion,
        draw: @escaping (ConversationView) -> HTTPResponse
    ) throws {
        let organizationId = context.session.organizationId
        let projects = try store.projects(organizationId: organizationId)
        guard !projects.isEmpty, (1...200).contains(id.utf8.count) else { throw PageError.notFound }
        let members = try store.members(organizationId: organizationId)
        let base = uploads.base(for: context.request)
        let call = ChatTeamThread.Request(projectIds: projects.map(\.id), conversationId: id, markRead: markRead)
        chat.client.call(ChatTeamThread.self, call) { result in
            switch result {
            case .success(let thread):
                guard let project = projects.first(where: { $0.id == thread.conversation.projectId }) else {
                    return respond(.failure(PageError.notFound))
                }
                let names = Dictionary(members.map { ("member:" + $0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
                respond(
                    .success(
                        draw(
                            ConversationPagesHandler.view(
                                thread, project: project, authors: names, sign: { uploads.signer.signed($0, base: base) }))))
            case .failure(let error) where error.code == ChatErrorCode.conversationNotFound:
                respond(.failure(PageError.notFound))
            case .failure(let error):
                respond(.failure(APIError.fromBackend(error)))
            }
        }
    }

    /// Where a good post goes: the page, with what happened, at the newest message.
    static func back(_ id: String, _ done: String) -> HTTPResponse {
        PageResponse.redirect("/dashboard/conversations/" + ChatImageSigner.percentEncoded(id) + "?done=" + done + "#latest")
    }

    /// A refusal the person can fix (a problem with what was typed, a conflict, a photo too
    /// large) draws the page again with it and the draft; anything else is an error page.
    func refused(_ error: Error, _ context: PageContext, id: String, draft: String, respond: @escaping Route.Completion) {
        guard let error = error as? APIError, [400, 409, 413].contains(error.status) else { return respond(.failure(error)) }
        do {
            try load(context, id: id, markRead: false, respond: respond) { view in
                var view = view
                view.draft = draft
                return PageResponse.html(
                    ConversationPage.render(view, viewer: context.viewer(), notice: .problem(ConversationPagesHandler.sentence(error))),
                    status: error.status)
            }
        } catch {
            respond(.failure(error))
        }
    }

    /// `Not sent: body must be 1-2000 characters.`
    static func sentence(_ error: APIError) -> String {
        guard let fields = error.fields, !fields.isEmpty else { return "Not sent: " + error.message }
        let names = ["body": "the message", "imageTokens": "photos", "photo": "photos", "contentType": "a photo", "byteSize": "a photo"]
        let parts = fields.keys.sorted().flatMap { key in fields[key]!.map { (names[key] ?? key) + " " + $0 } }
        return "Not sent: " + parts.joined(separator: "; ") + "."
    }

    /// A fresh idempotency key for the reply form of each page view.
    static func newKey() -> String { SecureRandom.token(byteCount: 18) }
}
