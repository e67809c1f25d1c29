import Foundation
import HubMessaging
import HubStore

/// Whether a report's public replies were emailed to the reporter: one `email.deliveries`
/// call to pushd per report, whatever its number of replies. Email off on this hub is `off`;
/// pushd not answering is `unknown` (the report is shown all the same); a reply pushd holds
/// no email for (not yet handed over, or older than the 30 days sent mail is kept) has none.
struct ReplyDeliveries {
    let pushd: RPCClient
    let emailEnabled: Bool
    /// A report's page and JSON wait on this call: a short wait, then `unknown`.
    static let timeout: TimeInterval = 1

    /// By reply ID, for the public replies of a report that has someone to email.
    func states(report: Row, replies: [Row]) -> [String: EmailDeliveryStatus] {
        guard report.string("author_email") != nil || report.string("email") != nil else { return [:] }
        let ids = replies.filter { $0.bool("internal") == false }.compactMap { $0.string("id") }
            .suffix(EmailDeliveries.maximumReplies)
        guard !ids.isEmpty else { return [:] }
        guard emailEnabled else {
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, EmailDeliveryStatus(state: "off", attempts: 0)) })
        }
        switch pushd.call(EmailDeliveries.self, EmailDeliveries.Request(replyIds: Array(ids)), timeout: Self.timeout) {
        case .success(let response): return response.deliveries
        case .failure: return Dictionary(uniqueKeysWithValues: ids.map { ($0, EmailDeliveryStatus(state: "unknown", attempts: 0)) })
        }
    }

    /// The reply's `delivery` object: `{state}` for `off` and `unknown`, else with attempts and the last error.
    static func json(_ status: EmailDeliveryStatus) -> [String: Any] {
        guard status.state != "off", status.state != "unknown" else { return ["state": status.state] }
        return ["state": status.state, "attempts": status.attempts, "lastError": status.lastError.map { $0 as Any } ?? NSNull()]
    }
}
