import Dashboard
import Foundation
import HubHTTPServer

/// The pages around a session: `/login` (sign in), `/logout`, `/invite/{code}` (an invitation
/// or setup link) and `/dashboard/account` (the password change), and the compiled style sheet
/// and script under `/assets/`. Passwords are checked on the password hasher
/// (`Accounts`), so the posts answer later; a refused post draws the page again with what was
/// typed (never a password) and the reason.
struct AccountPagesHandler {
    let accounts: Accounts
    let gate: PageGate

    /// Where a new session goes when nothing else was asked for.
    static let home = "/dashboard"

    // MARK: Sign in and out

    /// `GET /login`: the form, or straight to the inbox for someone signed in.
    func loginPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let next = request.query["next"].flatMap { LoginPage.isLocalPath($0) ? $0 : nil }
        if gate.session(of: request) != nil { return PageResponse.redirect(next ?? Self.home) }
        let message: LoginPage.Message? =
            request.query["out"] != nil ? .signedOut : request.query["ended"] != nil ? .sessionEnded : nil
        return PageResponse.html(LoginPage(next: next, message: message).html())
    }

    /// `POST /login` (`email`, `password`, `next`): a session cookie and the page asked for, or
    /// the form again with one sentence for a wrong email or password.
    func login(_ request: HTTPRequest, _ respond: @escaping Route.Completion) throws {
        let form = FormFields(request)
        let email = String((form["email"] ?? "").prefix(320))
        let next = form["next"].flatMap { LoginPage.isLocalPath($0) ? $0 : nil }
        let refused = { (status: Int, message: LoginPage.Message, headers: [(String, String)]) -> HTTPResponse in
            var response = PageResponse.html(LoginPage(email: email, next: next, message: message).html(), status: status)
            response.headers.append(contentsOf: headers)
            return response
        }
        let secure = gate.secureCookies(request)
        accounts.signIn(email: email, password: form.raw("password") ?? "", address: request.remoteAddress) { result in
            switch result {
            case .success(.signedIn(let token, _)):
                respond(.success(PageResponse.redirect(next ?? Self.home, cookies: [SessionCookie.set(token, secure: secure)])))
            case .success(.noMembership): respond(.success(refused(403, .noMembership, [])))
            case .success: respond(.success(refused(401, .wrongEmailOrPassword, [])))
            case .failure(let error as APIError) where error.status == 429:
                respond(.success(refused(429, .throttled(retryAfterSeconds: error.retryAfterSeconds), error.headers)))
            case .failure(let error as APIError) where error.status == 503:
                respond(.success(refused(503, .busy, error.headers)))
            case .failure(let error): respond(.failure(error))
            }
        }
    }

    /// `POST /logout`: ends the session and clears the cookie.
    func logout(_ context: PageContext) throws -> HTTPResponse {
        if let token = SessionCookie.value(in: context.request) { try accounts.signOut(token: token) }
        return PageResponse.redirect("/login?out=1", cookies: [SessionCookie.clear(secure: gate.secureCookies(context.request))])
    }

    // MARK: Links

    /// `GET /invite/{code}`: what the link is for and the form that accepts it; an unusable
    /// link says so (404).
    func invitePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let code = request.pathParameters["code"] ?? ""
        let invitation = try accounts.lookUp(code: code).map(Self.invitation)
        return PageResponse.html(InvitePage(code: code, invitation: invitation).html(), status: invitation == nil ? 404 : 200)
    }

    /// `POST /invite/{code}` (`name`, `password`, `passwordAgain`): accepts the link and signs in.
    func accept(_ request: HTTPRequest, _ respond: @escaping Route.Completion) throws {
        let code = request.pathParameters["code"] ?? ""
        let form = FormFields(request)
        let name = String((form["name"] ?? "").prefix(200))
        guard let lookup = try accounts.lookUp(code: code) else {
            return respond(.success(PageResponse.html(InvitePage(code: code, invitation: nil).html(), status: 404)))
        }
        let invitation = Self.invitation(lookup)
        let page = { (status: Int, problems: FormProblems, message: InvitePage.Message?, headers: [(String, String)]) -> HTTPResponse in
            var response = PageResponse.html(
                InvitePage(code: code, invitation: invitation, name: name, problems: problems, message: message).html(), status: status)
            response.headers.append(contentsOf: headers)
            return response
        }
        let password = form.raw("password") ?? ""
        if !invitation.accountExists, password != (form.raw("passwordAgain") ?? "") {
            return respond(.success(page(400, FormProblems(["passwordAgain": ["must be the same password"]]), nil, [])))
        }
        let secure = gate.secureCookies(request)
        accounts.accept(code: code, name: name.isEmpty ? nil : name, password: password, address: request.remoteAddress) { result in
            switch result {
            case .success(.signedIn(let token, _)):
                respond(.success(PageResponse.redirect(Self.home, cookies: [SessionCookie.set(token, secure: secure)])))
            case .success(.wrongEmailOrPassword): respond(.success(page(401, .none, .wrongPassword, [])))
            case .success: respond(.success(PageResponse.html(InvitePage(code: code, invitation: nil).html(), status: 404)))
            case .failure(let error as APIError) where error.code == "INVALID_PAYLOAD":
                respond(.success(page(400, FormProblems(error.fields ?? [:]), nil, [])))
            case .failure(let error as APIError) where error.status == 409:
                respond(.success(page(409, .none, .alreadyMember, [])))
            case .failure(let error as APIError) where error.status == 429:
                respond(.success(page(429, .none, .throttled(retryAfterSeconds: error.retryAfterSeconds), error.headers)))
            case .failure(let error as APIError) where error.status == 503:
                respond(.success(page(503, .none, .busy, error.headers)))
            case .failure(let error): respond(.failure(error))
            }
        }
    }

    static func invitation(_ lookup: CodeLookup) -> InvitePage.Invitation {
        InvitePage.Invitation(
            kind: lookup.kind.rawValue, organizationName: lookup.organizationName, role: lookup.role.rawValue, email: lookup.email,
            accountExists: lookup.accountExists, expiresAt: lookup.expiresAt)
    }

    // MARK: Password

    /// `GET /dashboard/account`.
    func accountPage(_ context: PageContext) throws -> HTTPResponse {
        let message: AccountPage.Message? = context.request.query["changed"] != nil ? .changed : nil
        return PageResponse.html(AccountPage(message: message).html(viewer: context.viewer()))
    }

    /// `POST /dashboard/account` (`currentPassword`, `newPassword`, `newPasswordAgain`): every
    /// session of the person ends, this browser gets a fresh one.
    func changePassword(_ context: PageContext, _ respond: @escaping Route.Completion) throws {
        let form = FormFields(context.request)
        let viewer = context.viewer()
        let page = { (status: Int, problems: FormProblems, message: AccountPage.Message?, headers: [(String, String)]) -> HTTPResponse in
            var response = PageResponse.html(AccountPage(problems: problems, message: message).html(viewer: viewer), status: status)
            response.headers.append(contentsOf: headers)
            return response
        }
        let new = form.raw("newPassword") ?? ""
        if new != (form.raw("newPasswordAgain") ?? "") {
            return respond(.success(page(400, FormProblems(["newPasswordAgain": ["must be the same password"]]), nil, [])))
        }
        let secure = gate.secureCookies(context.request)
        accounts.changePassword(
            session: context.session, current: form.raw("currentPassword") ?? "", new: new, address: context.request.remoteAddress
        ) { result in
            switch result {
            case .success(.signedIn(let token, _)):
                respond(
                    .success(PageResponse.redirect("/dashboard/account?changed=1", cookies: [SessionCookie.set(token, secure: secure)])))
            case .success: respond(.success(page(401, .none, .wrongCurrentPassword, [])))
            case .failure(let error as APIError) where error.code == "INVALID_PAYLOAD":
                respond(.success(page(400, FormProblems(error.fields ?? [:]), nil, [])))
            case .failure(let error as APIError) where error.status == 429:
                respond(.success(page(429, .none, .throttled(retryAfterSeconds: error.retryAfterSeconds), error.headers)))
            case .failure(let error as APIError) where error.status == 503:
                respond(.success(page(503, .none, .busy, error.headers)))
            case .failure(let error): respond(.failure(error))
            }
        }
    }

    // MARK: Assets

    /// `GET /assets/{name}`: the content-hashed style sheet or script, cached for a year.
    func asset(_ request: HTTPRequest) -> HTTPResponse { DashboardAssets.shared.response(for: request.path) }
}

extension APIError {
    /// The seconds of a `Retry-After` header, 1 when there is none.
    var retryAfterSeconds: Int { headers.first { $0.0 == "Retry-After" }.flatMap { Int($0.1) } ?? 1 }
}
