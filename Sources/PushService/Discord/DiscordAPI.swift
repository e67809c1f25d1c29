import Foundation
import HubHTTPClient

/// Discord's REST API (`<base>/…`, JSON). One instance per calling thread (one kept-alive
/// connection). Bot calls carry the platform bot's token; the OAuth calls their own credentials.
final class DiscordAPI: @unchecked Sendable {
    let baseURL: String
    private let botToken: String
    private let http: HTTPClient
    /// Requests made since start, for the bench and tests.
    private(set) var requests = 0

    init(baseURL: String, botToken: String, options: HTTPClientOptions) {
        self.baseURL = baseURL
        self.botToken = botToken
        var options = options
        options.maxResponseBytes = 8 << 20
        http = HTTPClient(options: options)
    }

    /// A bot call; `body` is sent as JSON.
    func bot(_ method: String, _ path: String, _ body: [String: Any]? = nil) -> Result<Any, DiscordFailure> {
        var headers = [("Authorization", "Bot " + botToken)]
        var bytes: [UInt8]?
        if let body {
            headers.append(("Content-Type", "application/json"))
            bytes = (try? JSONSerialization.data(withJSONObject: body)).map(Array.init)
        }
        return send(HTTPClientRequest(method: method, url: baseURL + path, headers: headers, body: bytes, timeout: 15))
    }

    /// `GET /users/@me` with an OAuth access token.
    func bearer(_ path: String, accessToken: String) -> Result<Any, DiscordFailure> {
        send(HTTPClientRequest(url: baseURL + path, headers: [("Authorization", "Bearer " + accessToken)], timeout: 15))
    }

    /// `POST /oauth2/token` with a form body.
    func form(_ path: String, _ fields: [(String, String)]) -> Result<Any, DiscordFailure> {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.map {
            $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
        return send(
            HTTPClientRequest(
                method: "POST", url: baseURL + path, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Array(body.utf8), timeout: 15))
    }

    private func send(_ request: HTTPClientRequest) -> Result<Any, DiscordFailure> {
        requests += 1
        let response: HTTPClientResponse
        do {
            response = try http.send(request)
        } catch let error as HTTPClientError {
            return .failure(DiscordFailure(kind: .transient, status: nil, detail: error.code))
        } catch {
            return .failure(DiscordFailure(kind: .transient, status: nil, detail: "HTTP_TRANSPORT"))
        }
        let object = try? JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed])
        if (200..<300).contains(response.status) {
            return .success(object ?? [:])
        }
        let global = response.header("x-ratelimit-global")?.lowercased() == "true"
        return .failure(DiscordFailure.classify(status: response.status, body: object as? [String: Any], globalHeader: global))
    }
}
