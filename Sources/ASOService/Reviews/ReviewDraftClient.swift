import Foundation
import HubDaemon
import HubHTTPClient
import HubMessaging

/// An OpenAI-compatible chat-completions API: one `POST <base>/chat/completions` per draft with
/// the configured model, answering `choices[0].message.content` trimmed and cut to Apple's
/// response limit. No retry here: a person is waiting, and a 429's `retry-after` is handed back.
/// The key goes in the `Authorization` header only, never in a log line or an error.
struct ReviewDraftClient {
    let settings: AISettings
    let http: HTTPClient

    init(settings: AISettings, caFile: String?) {
        self.settings = settings
        var options = HTTPClientOptions()
        options.extraCAFile = caFile
        options.totalTimeout = settings.timeout
        options.connectTimeout = min(options.connectTimeout, settings.timeout)
        // A chat completion with one short reply is a few kilobytes.
        options.maxResponseBytes = 1 << 20
        http = HTTPClient(options: options)
    }

    /// Why a call gave no draft; `retryAfter` in seconds when the provider said.
    struct Failure: Error, Equatable {
        let reason: String
        let retryAfter: Int?
    }

    private struct Request: Encodable {
        let model: String
        let messages: [ReviewDraftPrompt.Message]
    }

    private struct Completion: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { let content: String? }
            let message: Message?
        }
        let choices: [Choice]?
    }

    func draft(_ prompt: ReviewDraftPrompt) throws -> String {
        var headers = [("Content-Type", "application/json"), ("Accept", "application/json")]
        if let key = settings.key { headers.append(("Authorization", "Bearer " + key)) }
        let body = try JSONEncoder().encode(Request(model: settings.model, messages: prompt.messages))
        let response: HTTPClientResponse
        do {
            response = try http.send(
                HTTPClientRequest(
                    method: "POST", url: settings.url + "/chat/completions", headers: headers, body: Array(body),
                    timeout: settings.timeout))
        } catch let error as HTTPClientError {
            throw Failure(reason: error == .timedOut ? "no answer within \(Int(settings.timeout)) s" : error.code, retryAfter: nil)
        }
        switch response.status {
        case 200:
            guard let completion = try? response.decodeJSON(Completion.self),
                let text = Self.bounded(completion.choices?.first?.message?.content)
            else { throw Failure(reason: "an answer without a reply", retryAfter: nil) }
            return text
        case 429:
            throw Failure(reason: "rate limited", retryAfter: Self.retryAfter(response))
        case 401, 403:
            throw Failure(reason: "the provider refused the key (HTTP \(response.status))", retryAfter: nil)
        default:
            throw Failure(reason: "HTTP \(response.status)", retryAfter: response.status >= 500 ? Self.retryAfter(response) : nil)
        }
    }

    /// The reply as a person will edit it: trimmed, empty as nil, at most Apple's limit, cut
    /// at the last space before it when there is one.
    static func bounded(_ content: String?) -> String? {
        guard let text = content?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        let limit = ASCReviewRespond.maximumBodyLength
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let words = cut.lastIndex(where: \.isWhitespace).map { cut[..<$0] } ?? cut
        return words.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `retry-after` in seconds (OpenAI's), bounded to an hour; nil when absent or not a number.
    static func retryAfter(_ response: HTTPClientResponse) -> Int? {
        guard let header = response.header("retry-after"), let seconds = Double(header.trimmingCharacters(in: .whitespaces)),
            seconds >= 0
        else { return nil }
        return min(3_600, max(1, Int(seconds.rounded(.up))))
    }
}
