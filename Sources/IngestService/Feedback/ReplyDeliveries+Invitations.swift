import HubMessaging

extension ReplyDeliveries {
    /// Whether invitations were emailed, by ID, in one `email.deliveries` call: `off` when
    /// email is off here, `unknown` when pushd does not answer; one pushd holds no email for
    /// (made while email was off) has none.
    func invitations(_ ids: [String]) -> [String: EmailDeliveryStatus] {
        let ids = Array(ids.suffix(EmailDeliveries.maximumReplies))
        guard !ids.isEmpty else { return [:] }
        guard emailEnabled else {
            return Dictionary(uniqueKeysWithValues: ids.map { ($0, EmailDeliveryStatus(state: "off", attempts: 0)) })
        }
        switch pushd.call(EmailDeliveries.self, EmailDeliveries.Request(replyIds: [], invitationIds: ids), timeout: Self.timeout) {
        case .success(let response): return response.invitations ?? [:]
        case .failure: return Dictionary(uniqueKeysWithValues: ids.map { ($0, EmailDeliveryStatus(state: "unknown", attempts: 0)) })
        }
    }
}
