import HubMessaging

/// `email.alert.recipients` and `email.digest.recipients` on ingest's RPC server: pushd asks
/// who to email about a new conversation or report, and who gets the daily digest, since
/// ingest owns members, roles and their preferences.
enum EmailAlertRPCHandlers {
    static func install(on rpc: RPCServer, store: IngestStore) {
        rpc.register(EmailAlertRecipients.self) { request, _ in
            guard request.kind != .dailyDigest else {
                throw RPCError.invalidPayload(field: "kind", "must be new_conversation or new_report")
            }
            return try store.emailAlertRecipients(projectId: request.projectId, kind: request.kind)
        }
        rpc.register(EmailDigestRecipients.self) { request, _ in
            try store.emailDigestRecipients(after: request.after, limit: request.limit)
        }
    }
}
