import Dashboard
import HubCrypto
import HubHTTPServer
import HubMessaging

/// `GET` and `POST /email/unsubscribe/{token}`: an alert's one-click unsubscribe (RFC 8058).
/// The token (`EmailUnsubscribeToken`, sealed by pushd) names one member and one alert kind;
/// posting turns that alert off for them. No session and no origin check: a mail provider
/// posts from its own servers, and the token is the whole authority.
struct EmailUnsubscribeHandler {
    let store: IngestStore

    /// `GET`: the question, never the change (link scanners fetch every URL of a message).
    func page(_ request: HTTPRequest) throws -> HTTPResponse {
        let token = request.pathParameters["token"] ?? ""
        guard let target = try target(token) else { return Self.invalid }
        return PageResponse.html(
            EmailUnsubscribePage(
                state: .ask(action: "/email/unsubscribe/" + token), alert: Self.label(target.kind), email: target.member.email,
                organization: target.organization
            ).html())
    }

    /// `POST` (`List-Unsubscribe=One-Click`, whatever the body): the alert is off from now.
    func unsubscribe(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let target = try target(request.pathParameters["token"] ?? "") else { return Self.invalid }
        try store.turnOffEmailAlert(target.kind, member: target.member, organizationId: target.organizationId)
        return PageResponse.html(
            EmailUnsubscribePage(
                state: .done, alert: Self.label(target.kind), email: target.member.email, organization: target.organization
            ).html())
    }

    func target(_ token: String) throws -> (
        member: OrganizationMember, organizationId: String, organization: String, kind: EmailAlertKind
    )? {
        guard let keyring = store.keyring, let opened = EmailUnsubscribeToken.open(token, keyring: keyring),
            let kind = EmailAlertKind(rawValue: opened.kind), let found = try store.memberAnywhere(id: opened.memberId)
        else { return nil }
        return (found.member, found.organizationId, found.organizationName, kind)
    }

    static var invalid: HTTPResponse { PageResponse.html(EmailUnsubscribePage(state: .invalid).html(), status: 404) }

    static func label(_ kind: EmailAlertKind) -> String {
        switch kind {
        case .newConversation: return "New conversation"
        case .newReport: return "New report"
        case .dailyDigest: return "Daily digest"
        }
    }
}
