import Foundation
import HubCrypto
import HubHTTPClient
import HubRuntime

/// A client of the App Store Connect API (`APPNORTH_ASC_URL`): ES256 tokens with
/// `aud: appstoreconnect-v1` reused until shortly before their 20-minute expiry, JSON:API
/// reads with paging, and writes whose unknown outcomes are reported as such. One instance per
/// connection, used by one worker at a time.
public final class ASCClient: @unchecked Sendable {
    /// Apple refuses longer-lived tokens.
    public static let tokenLifetime: Int64 = 20 * 60
    /// A token is replaced this long before it expires.
    static let tokenRenewalMargin: Int64 = 60
    /// Pages followed at most for one list.
    public static let maximumPages = 50

    public let baseURL: String
    private let credentials: ASCCredentials
    private let signer: JWTSigner
    private let http: HTTPClient
    private let clock: Clock
    private let lock = NSLock()
    private var token: (text: String, expiresAt: Int64)?

    public init(baseURL: String, credentials: ASCCredentials, http: HTTPClient, clock: Clock) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.credentials = credentials
        signer = JWTSigner(key: credentials.privateKey, keyId: credentials.keyId)
        self.http = http
        self.clock = clock
    }

    /// The bearer token, made anew when none is left with a minute to run.
    func bearer() throws -> String {
        try lock.withLock {
            let now = Int64(clock.now().timeIntervalSince1970)
            if let token, token.expiresAt - ASCClient.tokenRenewalMargin > now { return token.text }
            let expires = now + ASCClient.tokenLifetime
            let text = try signer.appStoreConnectToken(issuerId: credentials.issuerId, issuedAt: now, expiresAt: expires)
            token = (text, expires)
            return text
        }
    }

    /// A single resource.
    public func get<A: Decodable>(_ path: String, query: [(String, String)] = [], as: A.Type = A.self) throws -> JSONAPIResource<A> {
        try decode(JSONAPISingle<A>.self, try send("GET", url(path, query), body: nil, write: false)).data
    }

    /// Every resource of a list, following `links.next` (at most `maximumPages` pages).
    public func list<A: Decodable>(_ path: String, query: [(String, String)] = [], as: A.Type = A.self) throws -> [JSONAPIResource<A>] {
        var url = self.url(path, query)
        var all: [JSONAPIResource<A>] = []
        for _ in 0..<ASCClient.maximumPages {
            let page = try decode(JSONAPIList<A>.self, try send("GET", url, body: nil, write: false))
            all += page.data
            guard let next = page.links?.next, next.hasPrefix(baseURL + "/") else { return all }
            url = next
        }
        return all
    }

    /// Every resource of a list with the resources it `include`s, following `links.next`.
    public func list<A: Decodable, I: Decodable>(
        _ path: String, query: [(String, String)], including: I.Type,
        maxPages: Int = ASCClient.maximumPages
    )
        throws -> (data: [JSONAPIResource<A>], included: [JSONAPIResource<I>])
    {
        var url = self.url(path, query)
        var data: [JSONAPIResource<A>] = []
        var included: [JSONAPIResource<I>] = []
        for _ in 0..<max(1, maxPages) {
            let page = try decode(JSONAPIListIncluding<A, I>.self, try send("GET", url, body: nil, write: false))
            data += page.data
            included += page.included ?? []
            guard let next = page.links?.next, next.hasPrefix(baseURL + "/") else { break }
            url = next
        }
        return (data, included)
    }

    /// A write (`POST`, `PATCH`, `DELETE`) with a JSON:API body; the answer's resource, if any.
    /// A failure after the request may have reached Apple is `outcomeUnknown`.
    @discardableResult
    public func write<A: Decodable>(_ method: String, _ path: String, body: [String: Any]?, as: A.Type = A.self) throws -> JSONAPIResource<
        A
    >? {
        let bytes = try body.map { Array(try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])) }
        let response = try send(method, url(path, []), body: bytes, write: true)
        guard !response.body.isEmpty else { return nil }
        return try decode(JSONAPISingle<A>.self, response).data
    }

    private func url(_ path: String, _ query: [(String, String)]) -> String {
        var text = baseURL + path
        if !query.isEmpty {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            text +=
                "?"
                + query.map { name, value in
                    (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name) + "="
                        + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
                }.joined(separator: "&")
        }
        return text
    }

    private func send(_ method: String, _ url: String, body: [UInt8]?, write: Bool) throws -> HTTPClientResponse {
        var headers = [("Authorization", "Bearer " + (try bearer())), ("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let response: HTTPClientResponse
        do {
            response = try http.send(HTTPClientRequest(method: method, url: url, headers: headers, body: body))
        } catch let error as HTTPClientError {
            if write, error != .invalidURL(url), !Self.neverSent(error) { throw ASCError.outcomeUnknown(error.code) }
            throw ASCError.unavailable(error.code)
        }
        switch response.status {
        case 200..<300:
            return response
        case 401, 403:
            if response.status == 401 { lock.withLock { token = nil } }
            throw ASCError.credentialsRejected(status: response.status)
        case 404:
            throw ASCError.notFound(Self.firstError(response)?.detail ?? url.replacingOccurrences(of: baseURL, with: ""))
        case 429:
            throw ASCError.unavailable("rate limited" + (response.header("Retry-After").map { "; retry after \($0) s" } ?? ""))
        case 500...:
            if write { throw ASCError.outcomeUnknown("App Store Connect answered \(response.status)") }
            throw ASCError.unavailable("App Store Connect answered \(response.status)")
        default:
            let item = Self.firstError(response)
            throw ASCError.rejected(status: response.status, code: item?.code, detail: item?.detail ?? item?.title)
        }
    }

    /// Failures that happen before a request can have been sent.
    private static func neverSent(_ error: HTTPClientError) -> Bool {
        switch error {
        case .couldNotConnect, .tls, .invalidURL: return true
        default: return false
        }
    }

    private static func firstError(_ response: HTTPClientResponse) -> JSONAPIErrors.Item? {
        (try? JSONDecoder().decode(JSONAPIErrors.self, from: Data(response.body)))?.errors.first
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPClientResponse) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch {
            throw ASCError.unexpectedResponse("\(T.self): \(error)")
        }
    }
}
