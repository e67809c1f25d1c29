import Foundation
import HubHTTPClient
import HubMessaging

/// RevenueCat's API v2 with one secret key: the projects the key sees and a project's overview
/// metrics. A 429 is waited out once, as long as RevenueCat asks (`Retry-After` in
/// milliseconds, else `backoff_ms`) and at most `maximumRetryWait`; a second 429, or a longer
/// wait, is `rateLimited` for the caller to leave to a later pass.
struct RevenueCatClient {
    let baseURL: String
    let http: HTTPClient
    let secretKey: String
    let maximumRetryWait: TimeInterval

    /// Projects beyond this many pages are not offered: a key seeing hundreds is not an app's key.
    static let maximumPages = 10

    struct Page: Decodable {
        struct Project: Decodable {
            let id: String
            let name: String?
        }
        let items: [Project]
        let nextPage: String?
        private enum CodingKeys: String, CodingKey {
            case items
            case nextPage = "next_page"
        }
    }

    /// One metric of the overview, with the fields RevenueCat documents.
    struct Metric: Codable, Equatable {
        let object: String?
        let id: String
        let name: String?
        let description: String?
        let unit: String?
        let period: String?
        let value: Double?
        let lastUpdatedAt: Double?
        let lastUpdatedAtISO8601: String?
        private enum CodingKeys: String, CodingKey {
            case object, id, name, description, unit, period, value
            case lastUpdatedAt = "last_updated_at"
            case lastUpdatedAtISO8601 = "last_updated_at_iso8601"
        }
    }

    struct Overview: Decodable {
        let object: String?
        let metrics: [Metric]
        let currency: String?
    }

    private struct ErrorBody: Decodable {
        let type: String?
        let message: String?
        let backoffMs: Int?
        private enum CodingKeys: String, CodingKey {
            case type, message
            case backoffMs = "backoff_ms"
        }
    }

    func projects() throws -> [RevenueCatProjectChoice] {
        var found: [RevenueCatProjectChoice] = []
        var path: String? = "/v2/projects"
        var pages = 0
        while let next = path, pages < Self.maximumPages {
            let page = try get(next, as: Page.self)
            found += page.items.map { RevenueCatProjectChoice(id: $0.id, name: $0.name ?? $0.id) }
            path = page.nextPage.map(Self.relative)
            pages += 1
        }
        return found
    }

    func overview(projectId: String) throws -> Overview {
        let id = projectId.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? projectId
        return try get("/v2/projects/" + id + "/metrics/overview", as: Overview.self)
    }

    /// `next_page` may be a path or an absolute URL; either way it is asked of `baseURL`, so a
    /// key is never sent to another host.
    static func relative(_ next: String) -> String {
        guard next.hasPrefix("http://") || next.hasPrefix("https://"), let url = URLComponents(string: next) else { return next }
        return url.percentEncodedPath + (url.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    private func get<T: Decodable>(_ path: String, as: T.Type) throws -> T {
        var response = try send(path)
        if response.status == 429 {
            let wait = Self.waitMs(response)
            guard Double(wait) / 1000 <= maximumRetryWait else { throw RevenueCatError.rateLimited(waitMs: wait) }
            Thread.sleep(forTimeInterval: Double(wait) / 1000)
            response = try send(path)
            if response.status == 429 { throw RevenueCatError.rateLimited(waitMs: Self.waitMs(response)) }
        }
        switch response.status {
        case 200:
            do {
                return try response.decodeJSON(T.self)
            } catch {
                throw RevenueCatError.unavailable("an answer that is not RevenueCat's")
            }
        case 401: throw RevenueCatError.rejected
        case 403: throw RevenueCatError.forbidden((try? response.decodeJSON(ErrorBody.self))?.message ?? "forbidden")
        case 404: throw RevenueCatError.notFound
        default: throw RevenueCatError.unavailable("HTTP \(response.status)")
        }
    }

    private func send(_ path: String) throws -> HTTPClientResponse {
        do {
            return try http.send(
                HTTPClientRequest(
                    url: baseURL + path, headers: [("Authorization", "Bearer " + secretKey), ("Accept", "application/json")]))
        } catch let error as HTTPClientError {
            throw RevenueCatError.unavailable(error.code)
        }
    }

    /// `Retry-After` is in milliseconds in this API; `backoff_ms` in the body says the same.
    /// Neither: one second.
    static func waitMs(_ response: HTTPClientResponse) -> Int {
        if let header = response.header("Retry-After"), let ms = Int(header.trimmingCharacters(in: .whitespaces)), ms >= 0 {
            return ms
        }
        if let body = try? response.decodeJSON(ErrorBody.self), let ms = body.backoffMs, ms >= 0 { return ms }
        return 1_000
    }
}
