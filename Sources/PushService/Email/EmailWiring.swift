import HubDaemon
import HubHTTPClient
import HubMessaging
import HubRuntime

/// pushd's email parts built from the configuration: the outbox other parts queue through,
/// and, when SMTP is configured, the delivery pass, its thread and the `email` job.
struct EmailWiring {
    static let jobName = "email"

    let outbox: EmailOutbox
    let loop: EmailLoop?
    let delivery: EmailDelivery?

    init(store: PushStore, config: HubConfig, logger: Logger) {
        guard let smtp = config.smtp else {
            outbox = EmailOutbox(store: store, sender: nil)
            loop = nil
            delivery = nil
            return
        }
        var options = SMTPClientOptions(url: smtp.url, security: Self.security(smtp.security), user: smtp.user, password: smtp.password)
        options.extraCAFile = config.tlsCAFile
        let delivery = EmailDelivery(
            store: store, client: SMTPClient(options: options), sender: smtp.from, retryBase: smtp.retryBase, logger: logger)
        let loop = EmailLoop(delivery: delivery, logger: logger)
        self.delivery = delivery
        self.loop = loop
        outbox = EmailOutbox(store: store, sender: smtp.from) { loop.wake() }
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
    /// `email.deliveries`, the `email` job (a pass now; 0 when email is off) and the delivery
    /// thread, stopped before the job's queue drains and the store closes.
    func install(on rpc: RPCServer, jobs: DaemonJobs, lifecycle: ServiceLifecycle) {
        let store = outbox.store
        rpc.register(EmailDeliveries.self) { request, _ in
            if request.replyIds.count > EmailDeliveries.maximumReplies {
                throw RPCError.invalidPayload(field: "replyIds", "must hold at most \(EmailDeliveries.maximumReplies) IDs")
            }
            let found = try store.emailDeliveries(keys: request.replyIds.map { ReplyEmail.dedupeKey(replyId: $0) })
            var deliveries: [String: EmailDeliveryStatus] = [:]
            for id in request.replyIds {
                if let status = found[ReplyEmail.dedupeKey(replyId: id)] { deliveries[id] = status }
            }
            return EmailDeliveries.Response(deliveries: deliveries)
        }
        jobs.add(name: Self.jobName, interval: nil) { [delivery] in try delivery?.runPass() ?? 0 }
        guard let loop else { return }
        loop.start()
        lifecycle.onShutdown("email delivery") { loop.stop() }
    }
}
