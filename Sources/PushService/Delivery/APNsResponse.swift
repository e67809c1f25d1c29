import Foundation
import HubHTTPClient

/// How an APNs answer (or the lack of one) maps onto the queue's rules.
enum APNsResponse {
    /// 403 reasons about the provider token rather than the push.
    static let providerTokenReasons: Set<String> = ["ExpiredProviderToken", "InvalidProviderToken", "MissingProviderToken"]
    /// 400 reasons that mean the token itself is unusable, so its registration goes.
    static let invalidTokenReasons: Set<String> = ["BadDeviceToken"]

    static func outcome(of result: Result<HTTPClientResponse, HTTPClientError>) -> PushOutcome {
        switch result {
        case .failure(let error):
            return .retry(reason: error.code, status: nil)
        case .success(let response):
            let status = response.status
            if status == 200 { return .sent }
            let body = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
            let reason = (body?["reason"] as? String).flatMap { $0.isEmpty ? nil : String($0.prefix(64)) } ?? "HTTP\(status)"
            if status == 429 || status >= 500 { return .retry(reason: reason, status: status) }
            if status == 403 && providerTokenReasons.contains(reason) { return .providerToken(reason: reason) }
            if status == 410 {
                let timestamp = (body?["timestamp"] as? NSNumber)?.int64Value
                return .unregistered(reason: reason, timestamp: timestamp)
            }
            return .permanent(reason: reason, status: status, removeDevice: invalidTokenReasons.contains(reason))
        }
    }
}
