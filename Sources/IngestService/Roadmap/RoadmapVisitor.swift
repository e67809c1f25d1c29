import Foundation
import HubCrypto
import HubHTTPServer

/// Who opened a public page, from the roadmap's cookies: a live handoff session (a verified
/// email), a voter token, both or neither. A visitor with neither is anonymous: every such
/// visitor sees the same page, which caches may keep.
struct RoadmapVisitor {
    /// The session cookie's value, when its session is live.
    let sessionToken: String?
    let email: String?
    let voterToken: String?
    /// A session cookie whose session ended (expired, signed out, secret rotated): the answer
    /// removes it.
    let endedSession: Bool

    init(sessionToken: String?, email: String?, voterToken: String?, endedSession: Bool = false) {
        self.sessionToken = sessionToken
        self.email = email
        self.voterToken = voterToken
        self.endedSession = endedSession
    }

    /// The visitor of `request` on `projectId`'s roadmap.
    static func of(_ request: HTTPRequest, projectId: String, store: IngestStore) throws -> RoadmapVisitor {
        let voter = RoadmapCookies.value(RoadmapCookies.voter, in: request).flatMap {
            PublicRequestGuard.isValidVoterToken($0) ? $0 : nil
        }
        guard let token = RoadmapCookies.value(RoadmapCookies.session, in: request) else {
            return RoadmapVisitor(sessionToken: nil, email: nil, voterToken: voter)
        }
        guard let email = try store.roadmapSessionEmail(token: token, projectId: projectId) else {
            return RoadmapVisitor(sessionToken: nil, email: nil, voterToken: voter, endedSession: true)
        }
        return RoadmapVisitor(sessionToken: token, email: email, voterToken: voter)
    }

    var isAnonymous: Bool { sessionToken == nil && voterToken == nil && !endedSession }

    /// As the community's checks know participants: the session's email is a verified
    /// identity (it came from a signed credential through the handoff), never a typed one.
    var participant: Participant {
        Participant(
            identity: email.map { VerifiedIdentity(email: $0, expiresAt: 0, properties: nil) },
            voterTokenHash: voterToken.map { SHA256.hex($0) })
    }

    /// The form token of this visitor's pages: an HMAC of the project and the cookie the page
    /// was drawn for, so a form drawn for another visitor (or none) is refused.
    func formToken(key: [UInt8], projectId: String) -> String {
        RoadmapVisitor.formToken(key: key, projectId: projectId, basis: sessionToken ?? voterToken ?? "")
    }

    static func formToken(key: [UInt8], projectId: String, basis: String) -> String {
        String(Base64URL.encode(HMACSHA256.mac(key: key, message: "roadmap-form\n" + projectId + "\n" + basis)).prefix(32))
    }

    /// The voter token of an anonymous visitor's first post, made from the post's form key:
    /// the same post sent twice (a double click) is the same voter, so its key replays.
    static func voterToken(key: [UInt8], projectId: String, formKey: String) -> String {
        String(Base64URL.encode(HMACSHA256.mac(key: key, message: "roadmap-voter\n" + projectId + "\n" + formKey)).prefix(32))
    }
}
