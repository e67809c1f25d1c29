extension ReportPage {
    /// Where the email of a public reply to the reporter stands, as the page says it.
    public enum Delivery: Sendable, Equatable {
        /// The hub sends no email (`APPNORTH_SMTP_URL` unset).
        case off
        /// The delivery daemon did not answer.
        case unknown
        /// Waiting to be sent, or between retries after `attempts` failed ones.
        case queued(attempts: Int, lastError: String?)
        case sent
        case failed(String?)

        /// From pushd's `{state, attempts, lastError}`; nil for a state this build does not know.
        public init?(state: String, attempts: Int, lastError: String?) {
            switch state {
            case "off": self = .off
            case "unknown": self = .unknown
            case "queued": self = .queued(attempts: attempts, lastError: lastError)
            case "sent": self = .sent
            case "failed": self = .failed(lastError)
            default: return nil
            }
        }

        var label: String {
            switch self {
            case .off: return "Email is off on this hub"
            case .unknown: return "Email state unavailable"
            case .queued(let attempts, let error):
                guard attempts > 0, let error else { return "Sending…" }
                return "Sending… (attempt \(attempts) failed: \(error))"
            case .sent: return "Emailed"
            case .failed(let error): return "Email failed: " + (error ?? "unknown error")
            }
        }

        var style: String {
            switch self {
            case .sent: return "delivery sent"
            case .failed: return "delivery failed"
            default: return "delivery"
            }
        }
    }
}
