/// How a call to App Store Connect failed, with the stable codes of docs/app-store-connect.md
/// ("Connection").
public enum ASCError: Error, Equatable, CustomStringConvertible {
    /// The entered issuer ID or key ID is malformed.
    case invalidCredentials(String)
    /// The private key is not a readable PKCS#8 P-256 key.
    case credentialsUnreadable
    /// Apple refused the key (401), or it lacks the access the call needs (403).
    case credentialsRejected(status: Int)
    case notFound(String)
    /// Apple refused the request as invalid or conflicting (400, 409, 422), with its detail.
    case rejected(status: Int, code: String?, detail: String?)
    /// Apple could not be reached or answered 429/5xx; nothing is known to have changed for reads.
    case unavailable(String)
    /// A write whose outcome is unknown: the request may have reached Apple (timeout, cut
    /// connection, 5xx after sending). Reconcile before sending it again.
    case outcomeUnknown(String)
    /// Apple answered something that is not the JSON:API shape expected.
    case unexpectedResponse(String)

    public var code: String {
        switch self {
        case .invalidCredentials: return "INVALID_CREDENTIALS"
        case .credentialsUnreadable: return "CREDENTIALS_UNREADABLE"
        case .credentialsRejected: return "CREDENTIALS_REJECTED"
        case .notFound: return "NOT_FOUND"
        case .rejected: return "STORE_REJECTED"
        case .unavailable: return "STORE_UNAVAILABLE"
        case .outcomeUnknown: return "OUTCOME_UNKNOWN"
        case .unexpectedResponse: return "STORE_UNAVAILABLE"
        }
    }

    public var description: String {
        switch self {
        case .invalidCredentials(let why): return "\(code): \(why)"
        case .credentialsUnreadable: return "\(code): the private key is not a PKCS#8 P-256 (.p8) key"
        case .credentialsRejected(let status): return "\(code): App Store Connect answered \(status)"
        case .notFound(let what): return "\(code): \(what)"
        case .rejected(let status, let appleCode, let detail): return "\(code): \(status) \(appleCode ?? "") \(detail ?? "")"
        case .unavailable(let why): return "\(code): \(why)"
        case .outcomeUnknown(let why): return "\(code): \(why)"
        case .unexpectedResponse(let why): return "\(code): \(why)"
        }
    }
}
