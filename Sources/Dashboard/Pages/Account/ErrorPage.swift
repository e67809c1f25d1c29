import HubHTTPServer

/// The page for a refused or failed page request: 403 with its code (`FORBIDDEN_ORIGIN` for a
/// post from another site, `FORBIDDEN` for a role that may not), 404, and the rest. Signed in,
/// it keeps the frame so the next step is one click away; signed out, it leads to sign-in.
public struct ErrorPage: Sendable {
    public var status: Int
    /// The hub's stable error code, shown so a report of it can name it.
    public var code: String?
    public var correlationId: String?

    public init(status: Int, code: String? = nil, correlationId: String? = nil) {
        self.status = status
        self.code = code
        self.correlationId = correlationId
    }

    var title: String {
        switch (status, code) {
        case (_, "FORBIDDEN_ORIGIN"): return "Not sent from this hub"
        case (403, _): return "Not allowed"
        case (404, _): return "Not found"
        case (429, _): return "Too many requests"
        case (503, _): return "Busy for a moment"
        default: return "Something went wrong"
        }
    }

    func explanation(role: String?) -> String {
        switch (status, code) {
        case (_, "FORBIDDEN_ORIGIN"):
            return "This change came from a page outside this hub, so it was not made. "
                + "If you sent it from here, go back, reload the page and try again."
        case (403, _):
            let who = role.map { "Your role (" + RoleText.label($0) + ") does not" } ?? "Your role does not"
            return who + " allow this. An owner or admin can do it, or give you a role that can."
        case (404, _): return "There is nothing here. It may have been removed, or it belongs to another organization."
        case (429, _): return "Wait a moment, then try again."
        case (503, _): return "The hub could not answer in time. Try again in a moment."
        default: return "The hub could not finish this request. Try again; if it keeps happening, tell whoever runs the hub."
        }
    }

    public func html(viewer: PageShell.Viewer?) -> HTML {
        guard let viewer else {
            return PageShell.bare(title: title) {
                content(role: nil)
                element("p") { element("a", .class("button primary"), .href("/login")) { "Sign in" } }
            }
        }
        return PageShell.page(title: title, section: nil, viewer: viewer) {
            element("div", .class("panel")) {
                content(role: viewer.role)
                element("p") { element("a", .class("button primary"), .href("/dashboard")) { "Go to the inbox" } }
            }
        }
    }

    func content(role: String?) -> HTML {
        HTMLBuilder.join([
            element("h1") { title },
            element("p") { explanation(role: role) },
            element("p", .class("small muted")) {
                "Error " + String(status)
                if let code {
                    " · "
                    element("code") { code }
                }
                if let correlationId {
                    " · reference "
                    element("code") { correlationId }
                }
            },
        ])
    }

    /// The page as an answer, with its status and the pages' headers.
    public func response(viewer: PageShell.Viewer?) -> HTTPResponse { PageResponse.html(html(viewer: viewer), status: status) }
}
