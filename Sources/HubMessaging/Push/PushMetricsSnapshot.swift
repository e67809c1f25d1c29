/// `push.metrics`: pushd's delivery figures, for ingest's `/metrics`. Counters count since
/// pushd started; the queue figures are read from the store at the time of the call.
public enum PushMetricsSnapshot: RPCMessage {
    public static let type = "push.metrics"
    public typealias Request = RPCEmpty

    public struct Response: Codable, Equatable, Sendable {
        /// Requests APNs accepted (200).
        public var sent: Int
        /// Pushes given up on, by APNs reason (or transport error code).
        public var failedByReason: [String: Int]
        /// Attempts that will be tried again after a backoff.
        public var retries: Int
        /// Provider tokens (JWTs) signed.
        public var providerTokens: Int
        /// Pending pushes.
        public var queueDepth: Int
        /// Age of the oldest pending push, 0 when none.
        public var oldestPendingSeconds: Double

        public init(
            sent: Int, failedByReason: [String: Int], retries: Int, providerTokens: Int, queueDepth: Int,
            oldestPendingSeconds: Double
        ) {
            self.sent = sent
            self.failedByReason = failedByReason
            self.retries = retries
            self.providerTokens = providerTokens
            self.queueDepth = queueDepth
            self.oldestPendingSeconds = oldestPendingSeconds
        }

        /// The figures in the Prometheus text format (names `appnorth_push_*`).
        public var prometheusText: String {
            var out = "# HELP appnorth_push_up Whether pushd answered for this scrape.\n# TYPE appnorth_push_up gauge\nappnorth_push_up 1\n"
            out += "# HELP appnorth_push_sent_total Pushes APNs accepted.\n# TYPE appnorth_push_sent_total counter\n"
            out += "appnorth_push_sent_total \(sent)\n"
            out += "# HELP appnorth_push_failed_total Pushes given up on, by reason.\n# TYPE appnorth_push_failed_total counter\n"
            for reason in failedByReason.keys.sorted() {
                let escaped = reason.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                out += "appnorth_push_failed_total{reason=\"\(escaped)\"} \(failedByReason[reason]!)\n"
            }
            out += "# HELP appnorth_push_retries_total Attempts scheduled again after a backoff.\n"
            out += "# TYPE appnorth_push_retries_total counter\nappnorth_push_retries_total \(retries)\n"
            out += "# HELP appnorth_push_provider_tokens_total APNs provider tokens signed.\n"
            out += "# TYPE appnorth_push_provider_tokens_total counter\nappnorth_push_provider_tokens_total \(providerTokens)\n"
            out += "# HELP appnorth_push_queue_depth Pending pushes.\n# TYPE appnorth_push_queue_depth gauge\n"
            out += "appnorth_push_queue_depth \(queueDepth)\n"
            out += "# HELP appnorth_push_oldest_pending_seconds Age of the oldest pending push.\n"
            out +=
                "# TYPE appnorth_push_oldest_pending_seconds gauge\nappnorth_push_oldest_pending_seconds \(PushMetricsSnapshot.number(oldestPendingSeconds))\n"
            return out
        }
    }

    /// Whole numbers without a fraction, as the rest of `/metrics` prints them.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
