import Foundation
import HubHTTPClient
import HubRuntime

/// The store's feeds and lookups over HTTP, politely: at least `minGap` between the starts of
/// two calls, and after a 403, 429 or 5xx (or a transport failure) a wait of `Retry-After`
/// (seconds or an HTTP date) or an exponential backoff before the next attempt. Used from
/// the collector's job queue only, never from the RPC thread.
final class MarketProviderClient: @unchecked Sendable {
    enum Outcome: Equatable {
        case ok([UInt8])
        /// The last attempt's status (nil: transport failure) and why it was given up.
        case failed(status: Int?, reason: String)
    }

    let baseURL: String
    let minGap: TimeInterval
    private let http: HTTPClient
    private let sleep: (TimeInterval) -> Void
    private let logger: Logger
    private var lastStart: DispatchTime?

    /// `sleep` is injectable so tests can observe the waits instead of spending them.
    init(
        baseURL: String, minGap: TimeInterval, http: HTTPClient, logger: Logger,
        sleep: @escaping (TimeInterval) -> Void = { if $0 > 0 { Thread.sleep(forTimeInterval: $0) } }
    ) {
        self.baseURL = baseURL
        self.minGap = minGap
        self.http = http
        self.logger = logger
        self.sleep = sleep
    }

    func get(_ pathAndQuery: String) -> Outcome {
        var lastStatus: Int?
        var reason = ""
        for attempt in 1...MarketProtocol.maxAttempts {
            pace()
            var wait: TimeInterval?
            do {
                let response = try http.send(HTTPClientRequest(url: baseURL + pathAndQuery, headers: [("Accept", "application/json")]))
                if response.status == 200 { return .ok(response.body) }
                lastStatus = response.status
                reason = "HTTP \(response.status)"
                guard MarketProtocol.isRetryable(response.status) else { return .failed(status: response.status, reason: reason) }
                wait = response.header("retry-after").flatMap(Self.retryAfter)
            } catch {
                lastStatus = nil
                reason = String(describing: error)
            }
            guard attempt < MarketProtocol.maxAttempts else { break }
            let delay = min(wait ?? MarketProtocol.baseBackoff * pow(2, Double(attempt - 1)), MarketProtocol.maxBackoff)
            logger.warn("market provider backoff", ["path": pathAndQuery, "reason": reason, "attempt": attempt, "wait_s": delay])
            sleep(delay)
        }
        return .failed(status: lastStatus, reason: reason)
    }

    private func pace() {
        if minGap > 0, let lastStart {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - lastStart.uptimeNanoseconds) / 1e9
            if elapsed < minGap { sleep(minGap - elapsed) }
        }
        lastStart = DispatchTime.now()
    }

    /// `Retry-After` as delta seconds or an HTTP date; nil when unreadable.
    static func retryAfter(_ value: String) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return TimeInterval(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}
