import Foundation
import XCTest

@testable import IngestService

/// A browser's view of the dashboard without a browser: the session cookie it holds, and form
/// posts sent as a page of the hub sends them (`Origin` of the hub, `application/x-www-form-
/// urlencoded`, the session's form token in `_form`). Redirects are not followed, so a test
/// sees the 303 and its `Location`.
final class PageSession {
    let hub: HubHarness
    /// The `appnorth_session` value, when signed in.
    var cookie: String?
    /// The form token of the session, put into every post unless a test leaves it out.
    var formToken: String?

    init(hub: HubHarness, cookie: String? = nil, formToken: String? = nil) {
        self.hub = hub
        self.cookie = cookie
        self.formToken = formToken
    }

    var origin: String { hub.baseURL }

    private var cookieHeader: [(String, String)] { cookie.map { [("Cookie", "appnorth_session=" + $0)] } ?? [] }

    /// A GET; the form token of the page's forms, when it has any, becomes the one posts carry,
    /// as a browser posts what the page holds.
    func get(_ path: String, headers: [(String, String)] = []) throws -> HubReply {
        let reply = try hub.get(path, headers: cookieHeader + headers)
        if let token = PageSession.formToken(in: reply.text) { formToken = token }
        return reply
    }

    /// The value of the first `_form` input of a page.
    static func formToken(in page: String) -> String? {
        guard let field = page.range(of: #"name="_form" value=""#) else { return nil }
        let rest = page[field.upperBound...]
        return String(rest.prefix { $0 != "\"" })
    }

    /// A form post; `origin: nil` sends no `Origin` (nor `Sec-Fetch-Site`), `withToken: false`
    /// leaves the form token out. A `Set-Cookie` of the answer replaces the cookie held.
    @discardableResult
    func post(
        _ path: String, _ fields: [(String, String)] = [], origin: String? = "", withToken: Bool = true,
        headers: [(String, String)] = []
    ) throws -> HubReply {
        var items = fields
        if withToken, let formToken { items.append(("_form", formToken)) }
        let body = PageSession.encode(items)
        let from = origin == "" ? self.origin : origin
        let reply = try hub.request(
            "POST", path, headers: cookieHeader + (from.map { [("Origin", $0)] } ?? []) + headers, body: Array(body.utf8),
            contentType: "application/x-www-form-urlencoded")
        if let set = reply.header("set-cookie"), set.hasPrefix("appnorth_session=") {
            let value = String(set.dropFirst("appnorth_session=".count).prefix { $0 != ";" })
            cookie = value.isEmpty ? nil : value
        }
        return reply
    }

    /// A `multipart/form-data` post, as a form with file inputs sends it: the fields, the form
    /// token, then each file as (field name, file name, content type, bytes).
    @discardableResult
    func postMultipart(
        _ path: String, _ fields: [(String, String)], files: [(String, String, String, [UInt8])] = []
    ) throws -> HubReply {
        let boundary = "----PageSession" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        var body: [UInt8] = []
        func text(_ line: String) { body += Array(line.utf8) }
        for (name, value) in fields + (formToken.map { [("_form", $0)] } ?? []) {
            text("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for (name, filename, type, bytes) in files {
            text("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n")
            text("Content-Type: \(type)\r\n\r\n")
            body += bytes
            text("\r\n")
        }
        text("--\(boundary)--\r\n")
        return try hub.request(
            "POST", path, headers: cookieHeader + [("Origin", origin)], body: body, contentType: "multipart/form-data; boundary=" + boundary
        )
    }

    static func encode(_ items: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return items.map {
            $0.0.addingPercentEncoding(withAllowedCharacters: allowed)! + "=" + $0.1.addingPercentEncoding(withAllowedCharacters: allowed)!
        }
        .joined(separator: "&")
    }
}

extension AdminClient {
    /// A page session of a person made as `ingest user add` makes one, signed in.
    func pages(as email: String, role: Role = .owner, organization: String = "default") throws -> PageSession {
        let signedIn = try person(email, role: role, organization: organization)
        return PageSession(hub: hub, cookie: signedIn.token, formToken: signedIn.session.formToken)
    }
}
