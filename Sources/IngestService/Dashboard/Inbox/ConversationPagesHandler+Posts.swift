import Dashboard
import Foundation
import HubHTTPServer
import HubMessaging

/// The conversation page's forms: reply or note (with up to three photos), cards, resolve and
/// reopen. Each is `ChatTeamActions`' work, as the operator API's; the session's member is the author.
extension ConversationPagesHandler {
    /// The reply form, multipart (photos) or urlencoded.
    struct ReplyForm {
        var body: String
        var isInternal: Bool
        var key: String?
        var photos: [MultipartForm.Part]

        init(_ request: HTTPRequest) {
            if let form = MultipartForm(request) {
                body = form.text("body") ?? ""
                isInternal = form.text("internal") == "1"
                key = form.text("key")
                photos = form.files("photo")
            } else {
                let form = FormFields(request)
                body = form.raw("body") ?? ""
                isInternal = form["internal"] == "1"
                key = form["key"]
                photos = []
            }
            // A browser sends line breaks as CRLF; the message keeps what was typed, less the edges.
            body = body.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            key = key.flatMap { $0.isEmpty ? nil : String($0.prefix(128)) }
        }
    }

    /// `POST …/reply` (`body`, `internal=1`, `photo` ×≤3, `key`).
    func reply(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let id = context.request.pathParameters["id"] ?? ""
        let form = ReplyForm(context.request)
        let fail = { (error: Error) in self.refused(error, context, id: id, draft: form.body, respond: respond) }
        do {
            try ChatTeamActions.checkPost(body: form.body, internal: form.isInternal, imageCount: form.photos.count)
        } catch {
            return fail(error)
        }
        let actor = context.session.actor
        let send = { (tokens: [String]) in
            do {
                try actions.post(
                    actor, conversationId: id, body: form.body, internal: form.isInternal, imageTokens: tokens, idempotencyKey: form.key,
                    respond: relay(fail, respond), render: { _ in ConversationPagesHandler.back(id, form.isInternal ? "noted" : "replied") }
                )
            } catch {
                fail(error)
            }
        }
        if form.photos.isEmpty { return send([]) }
        try stage(form.photos, context, conversationId: id, member: actor.label, fail: fail, then: send)
    }

    /// Decodes each photo on the image decoder, as an upload's step two does, and stages it
    /// with chatd for this member and conversation; `then` gets the image tokens in order.
    func stage(
        _ photos: [MultipartForm.Part], _ context: PageContext, conversationId: String, member: String,
        fail: @escaping (Error) -> Void, then: @escaping ([String]) -> Void
    ) throws {
        let organizationId = context.session.organizationId
        let projects = try store.projects(organizationId: organizationId)
        // The conversation's project binds the staged photos; the thread call finds it.
        let find = ChatTeamThread.Request(projectIds: projects.map(\.id), conversationId: conversationId, markRead: false, limit: 1)
        chat.client.call(ChatTeamThread.self, find) { result in
            guard case .success(let thread) = result, let projectId = thread.conversation.projectId else {
                if case .failure(let error) = result, error.code != ChatErrorCode.conversationNotFound {
                    return fail(APIError.fromBackend(error))
                }
                return fail(PageError.notFound)
            }
            let queued = uploads.decoder.submit {
                var completed: [ChatImageUploads.Completed] = []
                do {
                    for photo in photos {
                        completed.append(
                            try uploads.completeDirect(
                                photo.bytes, contentType: photo.contentType, organizationId: organizationId, member: member,
                                conversationId: conversationId))
                    }
                } catch {
                    return fail(error)
                }
                let uploader = ChatImageUploader.team(projectId: projectId, member: member, conversationId: conversationId)
                stageNext(completed[...], uploader: uploader, tokens: [], fail: fail, then: then)
            }
            if !queued { fail(APIError.unavailable(retryAfter: 1)) }
        }
    }

    private func stageNext(
        _ remaining: ArraySlice<ChatImageUploads.Completed>, uploader: ChatImageUploader, tokens: [String],
        fail: @escaping (Error) -> Void, then: @escaping ([String]) -> Void
    ) {
        guard let first = remaining.first else { return then(tokens) }
        chat.client.call(ChatImageStage.self, uploads.stageRequest(first, uploader: uploader)) { result in
            switch result {
            case .success: stageNext(remaining.dropFirst(), uploader: uploader, tokens: tokens + [first.imageToken], fail: fail, then: then)
            case .failure(let error): fail(APIError.fromBackend(error))
            }
        }
    }

    /// `POST …/cards` (`kind=review_request|offer`, `paywallId`, `buttonLabel`, `body`).
    func card(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let id = context.request.pathParameters["id"] ?? ""
        let form = FormFields(context.request)
        let kind = form["kind"]
        let fail = { (error: Error) in self.refused(error, context, id: id, draft: "", respond: respond) }
        do {
            try actions.card(
                context.session.actor, conversationId: id, kind: kind, paywallId: form["paywallId"], buttonLabel: form["buttonLabel"],
                body: form["body"],
                respond: relay(fail, respond), render: { _ in ConversationPagesHandler.back(id, kind == "offer" ? "offer" : "review") })
        } catch {
            fail(error)
        }
    }

    /// `POST …/resolve` (`sentiment`).
    func resolve(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let id = context.request.pathParameters["id"] ?? ""
        let fail = { (error: Error) in self.refused(error, context, id: id, draft: "", respond: respond) }
        do {
            try actions.resolve(
                context.session.actor, conversationId: id, sentiment: FormFields(context.request)["sentiment"],
                respond: relay(fail, respond), render: { _ in ConversationPagesHandler.back(id, "resolved") })
        } catch {
            fail(error)
        }
    }

    /// A post's answer: the page it goes back to, or the refusal drawn by `fail`.
    func relay(_ fail: @escaping (Error) -> Void, _ respond: @escaping Route.Completion) -> Route.Completion {
        { result in
            if case .failure(let error) = result { fail(error) } else { respond(result) }
        }
    }

    /// `POST …/reopen`.
    func reopen(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let id = context.request.pathParameters["id"] ?? ""
        try actions.reopen(context.session.actor, conversationId: id, respond: respond) { _ in ConversationPagesHandler.back(id, "reopened")
        }
    }
}
