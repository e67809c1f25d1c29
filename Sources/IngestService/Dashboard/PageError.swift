import Dashboard
import HubHTTPServer

/// Why a page is not shown or an action not taken, rendered as a page with the status and
/// the stable code (`FORBIDDEN_ORIGIN`, `FORBIDDEN`, `NOT_FOUND`).
enum PageError: Error {
    /// A mutation that does not come from a page of this hub.
    case foreignOrigin
    /// A mutation without this session's form token.
    case formToken
    /// The member's role may not do this.
    case forbidden
    case notFound

    var status: Int {
        switch self {
        case .foreignOrigin, .formToken, .forbidden: return 403
        case .notFound: return 404
        }
    }

    var code: String {
        switch self {
        case .foreignOrigin: return "FORBIDDEN_ORIGIN"
        case .formToken, .forbidden: return "FORBIDDEN"
        case .notFound: return "NOT_FOUND"
        }
    }

    var message: String {
        switch self {
        case .foreignOrigin: return "This change did not come from a page of this hub, so it was not made."
        case .formToken: return "This form has expired. Go back, reload the page and try again."
        case .forbidden: return "Your role in this organization cannot do this. An owner or admin can."
        case .notFound: return "There is nothing here, or it belongs to another organization."
        }
    }
}
