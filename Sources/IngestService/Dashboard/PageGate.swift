import Dashboard
import Foundation
import HubHTTPServer
import HubRuntime

/// The door of every dashboard page. A page needs a live session (`appnorth_session`):
/// without one a GET goes to `/login` and comes back afterwards, a POST is refused there too.
/// Every POST must come from a page of this hub (`Origin` or `Sec-Fetch-Site`, else 403
/// `FORBIDDEN_ORIGIN`) and carry the session's form token (else 403 `FORBIDDEN`). A role that
/// may not use a page or action is refused by the server whether or not the page hid it.
/// Errors come back as pages (`ErrorPage`), with their status and code.
struct PageGate {
    typealias Handler = (PageContext) throws -> HTTPResponse
    typealias AsyncHandler = (PageContext, @escaping Route.Completion) throws -> Void

    let accounts: Accounts
    let publicURL: String?
    let logger: Logger

    /// A page a signed-in member reads (GET), or an action they take (POST), answered on the
    /// pool thread. `permission`, when given, is checked before the handler runs.
    func page(_ permission: Permission? = nil, _ handler: @escaping Handler) -> Route.SyncHandler {
        { request in
            var context: PageContext?
            do {
                context = try signedIn(request)
                if let permission { try context!.require(permission) }
                return try handler(context!)
            } catch let outcome as PageOutcome {
                return outcome.response
            } catch {
                return errorPage(error, request, context)
            }
        }
    }

    /// The same, for a handler that answers later (a backend call). What it throws, or
    /// completes with as a failure, is shown as an error page.
    func pageAsync(_ permission: Permission? = nil, _ handler: @escaping AsyncHandler) -> Route.AsyncHandler {
        { request, respond in
            var context: PageContext?
            do {
                context = try signedIn(request)
                if let permission { try context!.require(permission) }
                let known = context
                try handler(context!) { result in
                    switch result {
                    case .success(let response): respond(.success(response))
                    case .failure(let error): respond(.success(errorPage(error, request, known)))
                    }
                }
            } catch let outcome as PageOutcome {
                respond(.success(outcome.response))
            } catch {
                respond(.success(errorPage(error, request, context)))
            }
        }
    }

    /// A page anyone may open (sign-in, an invitation); a POST still has to come from this hub.
    func open(_ handler: @escaping (HTTPRequest) throws -> HTTPResponse) -> Route.SyncHandler {
        { request in
            do {
                try checkOrigin(request)
                return try handler(request)
            } catch let outcome as PageOutcome {
                return outcome.response
            } catch {
                return errorPage(error, request, nil)
            }
        }
    }

    /// The same, answered later (sign-in and accepting a link hash a password on the hasher).
    func openAsync(_ handler: @escaping (HTTPRequest, @escaping Route.Completion) throws -> Void) -> Route.AsyncHandler {
        { request, respond in
            do {
                try checkOrigin(request)
                try handler(request) { result in
                    switch result {
                    case .success(let response): respond(.success(response))
                    case .failure(let error): respond(.success(errorPage(error, request, nil)))
                    }
                }
            } catch let outcome as PageOutcome {
                respond(.success(outcome.response))
            } catch {
                respond(.success(errorPage(error, request, nil)))
            }
        }
    }

    func origin(_ request: HTTPRequest) -> String { SameOrigin.origin(of: request, publicURL: publicURL) }

    /// Whether cookies must be `Secure`: the hub is reached over https.
    func secureCookies(_ request: HTTPRequest) -> Bool { origin(request).lowercased().hasPrefix("https://") }

    /// The session of the request's cookie, if it is live (no redirect, no error).
    func session(of request: HTTPRequest) -> TeamSession? {
        guard let token = SessionCookie.value(in: request) else { return nil }
        return try? accounts.session(token: token)
    }

    private func checkOrigin(_ request: HTTPRequest) throws {
        if request.method == "POST" && !SameOrigin.allows(request, origin: origin(request)) { throw PageError.foreignOrigin }
    }

    private func signedIn(_ request: HTTPRequest) throws -> PageContext {
        try checkOrigin(request)
        let isPost = request.method == "POST"
        guard let token = SessionCookie.value(in: request), let session = try accounts.session(token: token) else {
            throw PageOutcome.signIn(next: isPost ? nil : request.pathAndQuery, hadCookie: SessionCookie.value(in: request) != nil)
        }
        try accounts.store.refuseIfAccountErasing(session.organizationId)
        if isPost && !session.acceptsFormToken(FormFields(request).raw(PostForm.tokenField) ?? multipartToken(request)) {
            throw PageError.formToken
        }
        return PageContext(request: request, session: session, origin: origin(request))
    }

    /// The form token of a multipart form: its `_form` part.
    private func multipartToken(_ request: HTTPRequest) -> String? {
        MultipartForm(request)?.text(PostForm.tokenField)
    }

    /// `error` as a page: `PageError` and `APIError` keep their status and code; anything else
    /// is logged and shown as 500 with the request's correlation ID.
    func errorPage(_ error: Error, _ request: HTTPRequest, _ context: PageContext?) -> HTTPResponse {
        let status: Int
        let code: String
        var headers: [(String, String)] = []
        switch error {
        case let error as PageError:
            (status, code) = (error.status, error.code)
        case let error as APIError:
            (status, code) = (error.status, error.code)
            headers = error.headers
        default:
            logger.error(
                "page failed", ["path": request.path, "correlation_id": request.correlationId, "error": String(describing: error)])
            (status, code) = (500, "INTERNAL")
        }
        var response = ErrorPage(status: status, code: code, correlationId: request.correlationId).response(viewer: context?.viewer())
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// A page's answer that is not an error: go somewhere else.
enum PageOutcome: Error {
    /// To the sign-in page, coming back to `next` afterwards; `hadCookie` says a session ended.
    case signIn(next: String?, hadCookie: Bool)

    var response: HTTPResponse {
        switch self {
        case .signIn(let next, let hadCookie):
            var query: [String] = []
            if let next, next.hasPrefix("/dashboard") {
                query.append("next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            }
            if hadCookie { query.append("ended=1") }
            return PageResponse.redirect("/login" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
        }
    }
}

extension HTTPRequest {
    /// The path with its query, as the browser asked for it.
    var pathAndQuery: String { rawQuery.map { path + "?" + $0 } ?? path }
}
