import Foundation
import HubHTTPClient

/// Telegram's Bot API over HTTPS (`<base>/bot<token>/<method>`, JSON in and out). One instance
/// per calling thread: it owns one kept-alive connection.
final class TelegramBotAPI: @unchecked Sendable {
    private let baseURL: String
    private let http: HTTPClient

    init(baseURL: String, options: HTTPClientOptions) {
        self.baseURL = baseURL
        var options = options
        options.maxResponseBytes = 4 << 20
        http = HTTPClient(options: options)
    }

    /// Calls `method` with JSON parameters and answers its `result`, or the classified failure.
    /// The token only ever appears in the URL of this request, never in a thrown value.
    func call(
        token: String, _ method: String, _ parameters: [String: Any] = [:], timeout: TimeInterval = 15
    ) -> Result<Any, TelegramFailure> {
        let body: [UInt8]
        do {
            body = Array(try JSONSerialization.data(withJSONObject: parameters))
        } catch {
            return .failure(TelegramFailure(kind: .rejected, status: nil, detail: "parameters are not JSON"))
        }
        let response: HTTPClientResponse
        do {
            response = try http.send(
                HTTPClientRequest(
                    method: "POST", url: "\(baseURL)/bot\(token)/\(method)",
                    headers: [("Content-Type", "application/json")], body: body, timeout: timeout))
        } catch let error as HTTPClientError {
            return .failure(TelegramFailure(kind: .transient, status: nil, detail: error.code))
        } catch {
            return .failure(TelegramFailure(kind: .transient, status: nil, detail: "HTTP_TRANSPORT"))
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            if response.status >= 500 || response.status == 429 {
                return .failure(TelegramFailure.classify(status: response.status, description: "", retryAfter: nil))
            }
            return .failure(TelegramFailure(kind: .transient, status: response.status, detail: "unreadable answer"))
        }
        if object["ok"] as? Bool == true, let result = object["result"] {
            return .success(result)
        }
        let status = (object["error_code"] as? Int) ?? response.status
        let description = object["description"] as? String ?? ""
        let retryAfter = (object["parameters"] as? [String: Any])?["retry_after"] as? Int
        return .failure(TelegramFailure.classify(status: status, description: description, retryAfter: retryAfter))
    }
}
