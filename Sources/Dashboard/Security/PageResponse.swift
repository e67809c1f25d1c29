import HubHTTPServer

/// HTTP answers of the pages: a rendered page with `PageHeaders`, or a redirect after a
/// post (303, so a reload never posts again).
public enum PageResponse {
    public static func html(_ page: HTML, status: Int = 200, formActionsAlso origins: [String] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: PageHeaders.all(formActionsAlso: origins), body: Array(page.markup.utf8))
    }

    public static func redirect(_ location: String, cookies: [String] = []) -> HTTPResponse {
        var headers: [(String, String)] = [("Location", Attribute.safeURL(location)), ("Cache-Control", "no-store")]
        for cookie in cookies { headers.append(("Set-Cookie", cookie)) }
        return HTTPResponse(status: 303, headers: headers)
    }
}
