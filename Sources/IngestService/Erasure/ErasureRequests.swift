import HubCrypto
import HubHTTPServer
import HubMessaging

/// Records a participant erasure for the operator API and the dashboard alike, then wakes the
/// job. The participant is named as the daemons store them: an email trimmed and lowercased
/// as verified identities are, a voter token by its SHA-256 hex as chat and votes keep it.
/// Bad input is refused with a stable code before anything is recorded.
struct ErasureRequests {
    let store: IngestStore
    let driver: ErasureDriver
    /// Asks for a pass of the `erasure` job now.
    let wake: @Sendable () -> Void

    /// 400 `INVALID_PAYLOAD` unless exactly one of `email` and `voterToken` is given, and valid.
    static func owner(projectId: String, email: String?, voterToken: String?) throws -> ChatOwner {
        switch (email, voterToken) {
        case (let email?, nil):
            let normalized = email.trimmingCharacters(in: .whitespaces).lowercased()
            guard IdentityVerifier.isPlausibleEmail(normalized) else {
                throw APIError.invalidPayload(["email": ["must be an email address of at most 320 characters"]])
            }
            return ChatOwner(projectId: projectId, kind: .email, value: normalized)
        case (nil, let token?):
            guard PublicRequestGuard.isValidVoterToken(token) else {
                throw APIError.invalidPayload(["voterToken": ["must be 16-128 characters of letters, digits, '_' and '-'"]])
            }
            return ChatOwner(projectId: projectId, kind: .token, value: SHA256.hex(token))
        default:
            let problem = "give exactly one of email and voterToken"
            throw APIError.invalidPayload(["email": [problem], "voterToken": [problem]], message: "Name the participant once.")
        }
    }

    /// Records the erasure inside the caller's transaction when there is one (`idempotent`).
    func record(_ owner: ChatOwner, organizationId: String) throws -> ErasureRecord {
        guard driver.accepts(.participant) else { throw ErasureRequests.notSupported }
        return try store.insertErasure(organizationId: organizationId, projectId: owner.projectId, kind: .participant, owner: owner)
    }

    static let notSupported = APIError(
        status: 501, code: "ERASURE_NOT_SUPPORTED", message: "This hub cannot erase this kind of subject yet.")
}
