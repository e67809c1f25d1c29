import Foundation
import HubDaemon
import HubHTTPClient
import HubMessaging
import HubRuntime

/// pushd's email parts built from the configuration: the outbox other parts queue through,
/// and, when SMTP is configured, the delivery pass run as the `email` job: on its own serial
/// queue, woken by every commit that queues email, and every 30 seconds for retries.
struct EmailWiring {
    static let jobName = "email"
    /// Seconds between passes that only look for retries that have come due.
    static let retryInterval: TimeInterval = 30

    let outbox: EmailOutbox
    let delivery: EmailDelivery?

    init(store: PushStore, config: HubConfig, jobs: DaemonJobs, logger: Logger) {
        guard let smtp = config.smtp else {
            outbox = EmailOutbox(store: store, sender: nil)
            delivery = nil
            return
        }
        var options = SMTPClientOptions(url: smtp.url, security: Self.security(smtp.security), user: smtp.user, password: smtp.password)
        options.extraCAFile = config.tlsCAFile
        delivery = EmailDelivery(
            store: store, client: SMTPClient(options: options), sender: smtp.from, retryBase: smtp.retryBase, logger: logger)
        outbox = EmailOutbox(store: store, sender: smtp.from) { _ = jobs.trigger(Self.jobName) }
    }

    static func security(_ security: SMTPSettings.Security) -> SMTPClientOptions.Security {
        switch security {
        case .startTLS: return .startTLS
        case .implicitTLS: return .implicitTLS
        case .none: return .none
        }
    }
}

extension EmailWiring {
    /// `email.deliveries`, and the `email` job (a pass now; 0 when email is off). A full pass
    /// wakes the next one at once, so a backlog drains without waiting for the interval.
    func install(on rpc: RPCServer, jobs: DaemonJobs) {
        let store = outbox.store
        rpc.register(EmailDeliveries.self) { request, _ in
            if request.replyIds.count > EmailDeliveries.maximumReplies {
                throw RPCError.invalidPayload(field: "replyIds", "must hold at most \(EmailDeliveries.maximumReplies) IDs")
            }
            if (request.invitationIds?.count ?? 0) > EmailDeliveries.maximumReplies {
                throw RPCError.invalidPayload(field: "invitationIds", "must hold at most \(EmailDeliveries.maximumReplies) IDs")
            }
            let found = try store.emailDeliveries(keys: request.replyIds.map { ReplyEmail.dedupeKey(replyId: $0) })
            var deliveries: [String: EmailDeliveryStatus] = [:]
            for id in request.replyIds {
                if let status = found[ReplyEmail.dedupeKey(replyId: id)] { deliveries[id] = status }
            }
            let invitations = try request.invitationIds.map { ids in
                let keyed = try store.emailDeliveries(keys: ids.map(EmailAlertComposer.invitationKey))
                return Dictionary(
                    uniqueKeysWithValues: ids.compactMap { id in keyed[EmailAlertComposer.invitationKey(id)].map { (id, $0) } })
            }
            return EmailDeliveries.Response(deliveries: deliveries, invitations: invitations)
        }
        guard let delivery else {
            jobs.add(name: Self.jobName, interval: nil) { 0 }
            return
        }
        jobs.add(name: Self.jobName, interval: Self.retryInterval) {
            let attempted = try delivery.runPass()
            if attempted >= EmailDelivery.batch { _ = jobs.trigger(Self.jobName) }
            return attempted
        }
    }
}
