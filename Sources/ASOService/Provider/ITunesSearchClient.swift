import Foundation
import HubHTTPClient

/// The iTunes Search API (`/search?term=&country=&entity=software&limit=`) and Lookup API
/// (`/lookup?id=&country=`) at `APPNORTH_ITUNES_URL`. One instance owns one `HTTPClient`, so
/// it belongs to one worker queue.
public final class ITunesSearchClient: @unchecked Sendable {
    /// The `source` name of observations made through this client.
    public static let source = "itunes-search"
    /// Seconds to wait when the provider throttles without saying how long.
    static let defaultRetryAfter = 60

    public let baseURL: String
    public let limit: Int
    private let http: HTTPClient

    public init(baseURL: String, limit: Int, options: HTTPClientOptions = ITunesSearchClient.defaultOptions()) {
        self.baseURL = baseURL
        self.limit = limit
        http = HTTPClient(options: options)
    }

    /// Short timeouts: an Explorer request waits on this call.
    public static func defaultOptions(caFile: String? = nil) -> HTTPClientOptions {
        var options = HTTPClientOptions()
        options.connectTimeout = 3
        options.totalTimeout = 10
        options.maxResponseBytes = 4 << 20
        options.extraCAFile = caFile
        return options
    }

    /// The apps returned for `term` in `country`, in the provider's order.
    public func search(term: String, country: String) throws -> [ITunesApp] {
        let url = "\(baseURL)/search?term=\(Self.encode(term))&country=\(country)&entity=software&limit=\(limit)"
        return try fetch(url)
    }

    /// The app's public listing, or nil when the provider does not know the ID in that country.
    public func lookup(id: String, country: String) throws -> ITunesApp? {
        try fetch("\(baseURL)/lookup?id=\(Self.encode(id))&country=\(country)").first { String($0.trackId) == id }
    }

    private func fetch(_ url: String) throws -> [ITunesApp] {
        let response: HTTPClientResponse
        do {
            response = try http.send(HTTPClientRequest(url: url, headers: [("Accept", "application/json")]))
        } catch let error as HTTPClientError {
            throw ASOProviderError.unavailable(error.code)
        }
        switch response.status {
        case 200:
            do {
                return try response.decodeJSON(ITunesResponse.self).results
            } catch {
                throw ASOProviderError.unavailable("unreadable response")
            }
        // Apple's search answers 403 when it throttles a client, 429 elsewhere.
        case 403, 429:
            throw ASOProviderError.rateLimited(retryAfter: Self.retryAfter(response.header("Retry-After")))
        case 503 where response.header("Retry-After") != nil:
            throw ASOProviderError.rateLimited(retryAfter: Self.retryAfter(response.header("Retry-After")))
        default:
            throw ASOProviderError.unavailable("HTTP \(response.status)")
        }
    }

    /// Delay seconds from a `Retry-After` value (an HTTP date or garbage gives the default).
    static func retryAfter(_ header: String?) -> Int {
        guard let header, let seconds = Int(header.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
            return defaultRetryAfter
        }
        return min(seconds, 86_400)
    }

    static func encode(_ value: String) -> String {
        // ASCII unreserved characters only: everything else, letters with accents included, is escaped.
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
