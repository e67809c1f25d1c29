import HubMessaging

/// The SDK's routes (`/api/v1`), in `docs/openapi.yaml`'s order. `rate` names the budgets a
/// handler spends, in order: `community` per client address while it resolves the project,
/// then the route's own per project and client address. `head` refuses a write from its head,
/// before its body is read, for what the handler would refuse it for first.
extension IngestRoutes {
    var publicRoutes: [RouteLine] {
        [
            // Community
            .publicSync("GET", "/api/v1/widget-config", widgetConfig.get, body: .serverDefault, rate: [.community]),
            .publicSync("GET", "/api/v1/boards", boards.list, body: .serverDefault, rate: [.community]),
            .publicSync("GET", "/api/v1/ideas", ideas.list, body: .serverDefault, rate: [.community]),
            .communityWrite(
                "POST", "/api/v1/ideas", ideas.create, body: .community, rate: [.community],
                head: requestGuard.headerCheck(origin: .required)),
            .publicSync("GET", "/api/v1/ideas/{handle}", ideas.get, body: .serverDefault, rate: [.community]),
            .publicSync("GET", "/api/v1/ideas/{handle}/comments", comments.list, body: .serverDefault, rate: [.community]),
            .communityWrite(
                "POST", "/api/v1/ideas/{handle}/comments", comments.create, body: .community, rate: [.community],
                head: requestGuard.headerCheck(origin: .required)),
            .communityWrite(
                "PUT", "/api/v1/ideas/{handle}/vote", votes.update, body: .community, rate: [.community],
                head: requestGuard.headerCheck(origin: .required)),
            .publicSync("GET", "/api/v1/changelog", changelog.list, body: .serverDefault, rate: [.community]),
            .publicSync(
                "POST", "/api/v1/identity/handoff", handoff.create, body: .community,
                rate: [.handoffAddresses, .community, .handoffProjects]),
            // Feedback
            .publicSync(
                "POST", "/api/v1/feedback", feedback.create, body: .bytes(InputLimits.feedbackBodyBytes),
                rate: [.community, .feedbackCreations],
                head: requestGuard.headerCheck(origin: .required, limiter: limits[.feedbackCreations])),
            .publicSync("GET", "/api/v1/feedback/{id}", feedback.thread, body: .serverDefault, rate: [.community, .feedbackReads]),
            // Chat
            .publicAsync("GET", "/api/v1/chat/status", chatStatus.status, body: .serverDefault, rate: [.community, .chatStatusReads]),
            .publicAsync("GET", "/api/v1/chat/messages", chatMessages.list, body: .serverDefault, rate: [.community, .chatMessageReads]),
            .publicAsync(
                "POST", "/api/v1/chat/messages", chatMessages.send, body: .community, rate: [.community, .chatMessages],
                head: chatAccess.headerCheck(limits[.chatMessages])),
            .publicAsync(
                "POST", "/api/v1/chat/cards/opened", chatCards.opened, body: .community, rate: [.community, .chatCardEvents],
                head: chatAccess.headerCheck(limits[.chatCardEvents])),
            .publicAsync(
                "POST", "/api/v1/chat/cards/tapped", chatCards.tapped, body: .community, rate: [.community, .chatCardEvents],
                head: chatAccess.headerCheck(limits[.chatCardEvents])),
            .publicAsync(
                "POST", "/api/v1/chat/paywalls", chatPaywalls.replace, body: .community, rate: [.community, .chatPaywallReports],
                head: chatAccess.headerCheck(limits[.chatPaywallReports])),
            // Push
            .publicAsync(
                "POST", "/api/v1/push/devices", pushDevices.create, body: .community, rate: [.community, .pushRegistrations],
                head: chatAccess.headerCheck(limits[.pushRegistrations])),
            .publicAsync(
                "DELETE", "/api/v1/push/devices", pushDevices.delete, body: .community, rate: [.community, .pushRegistrations],
                head: chatAccess.headerCheck(limits[.pushRegistrations])),
            // Chat photos: the upload and read URLs are signed, and name no project.
            .publicAsync(
                "POST", "/api/v1/chat/images", chatImages.create, body: .community, rate: [.community, .chatImageSteps],
                head: chatAccess.headerCheck(limits[.chatImageSteps])),
            .publicSync(
                "PUT", "/api/v1/chat/uploads/{uploadId}", chatImages.upload, body: .bytes(ChatImageLimits.maximumUploadBytes),
                rate: [], head: chatImages.checkUpload),
            .publicSync("GET", "/api/v1/chat/media", chatImages.media, body: .serverDefault, rate: []),
            // Integrations: Telegram's updates, the secret header checked from the head.
            .publicAsync(
                "POST", "/api/v1/integrations/telegram/webhook/{integrationId}", telegramWebhook.post,
                body: .bytes(TelegramWebhookHandler.maxBodyBytes), rate: [], head: telegramWebhook.head),
            // Discord's interactions: the signature headers and timestamp checked from the head.
            .publicSync(
                "POST", "/api/v1/integrations/discord/interactions", discordInteractions.post,
                body: .bytes(DiscordInteractionsHandler.maxBodyBytes), rate: [], head: discordInteractions.head),
            // Discord's OAuth redirect: no session; the single-use state is the proof.
            .publicAsync(
                "GET", "/api/v1/integrations/discord/callback", discordCallback.get, body: .serverDefault, rate: []),
            // MCP: an operator API token of either scope, checked with the budget on the head.
            .tokenAsync(
                "POST", "/api/v1/mcp", mcp.post, body: .bytes(MCPHTTPHandler.maxBodyBytes), rate: [.mcpRequests], head: mcp.head),
        ]
    }
}
