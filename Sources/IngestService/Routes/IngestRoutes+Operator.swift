/// The operator API (`/api/admin/v1`), in `docs/openapi.yaml`'s order. Every line is an
/// operator kind: the caller's token is checked on the request's head and again before the
/// handler, which gets the caller; a `read` token may only GET. Operator routes spend no budget.
extension IngestRoutes {
    var operatorRoutes: [RouteLine] {
        [
            // Accounts
            .operatorSync("GET", "/api/admin/v1/organization", organizations.get, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/organizations", organizations.create, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/organizations/{id}", organizations.update, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/tokens", tokens.list, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/tokens", tokens.create, body: .serverDefault),
            .operatorSync("DELETE", "/api/admin/v1/tokens/{tokenId}", tokens.delete, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/projects", projects.list, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/projects", projects.create, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/projects/{id}", projects.get, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/projects/{id}", projects.update, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/projects/{id}/identity-secret", identitySecret.create, body: .serverDefault),
            // Community
            .operatorSync("GET", "/api/admin/v1/projects/{id}/boards", adminBoards.list, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/projects/{id}/boards", adminBoards.create, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/projects/{id}/boards/order", adminBoards.order, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/boards/{boardId}", adminBoards.get, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/boards/{boardId}", adminBoards.update, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/boards/{boardId}/statuses", adminStatuses.create, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/boards/{boardId}/statuses/order", adminStatuses.order, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/statuses/{statusId}", adminStatuses.update, body: .serverDefault),
            .operatorSync("DELETE", "/api/admin/v1/statuses/{statusId}", adminStatuses.delete, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/projects/{id}/ideas", adminIdeas.list, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/ideas/{ideaId}", adminIdeas.get, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/ideas/{ideaId}", adminIdeas.update, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/projects/{id}/moderation", moderation.list, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/ideas/{ideaId}/approve", moderation.approveIdea, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/ideas/{ideaId}/reject", moderation.rejectIdea, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/comments/{commentId}/approve", moderation.approveComment, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/comments/{commentId}/reject", moderation.rejectComment, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/ideas/{ideaId}/merge", merge.create, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/ideas/{ideaId}/comments", adminComments.create, body: .serverDefault),
            // Accounts: members
            .operatorSync("GET", "/api/admin/v1/organization/members", members.list, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/organization/members", members.create, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/organization/members/{memberId}", members.update, body: .serverDefault),
            .operatorSync("DELETE", "/api/admin/v1/organization/members/{memberId}", members.delete, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/organization/invitations", invitations.list, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/organization/invitations", invitations.create, body: .serverDefault),
            .operatorSync("DELETE", "/api/admin/v1/organization/invitations/{invitationId}", invitations.delete, body: .serverDefault),
            // Feedback
            .operatorSync("GET", "/api/admin/v1/projects/{id}/feedback", inbox.list, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/projects/{id}/feedback/export.csv", inbox.export, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/feedback/{feedbackId}", inbox.get, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/feedback/{feedbackId}", inboxChanges.update, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/feedback/{feedbackId}/replies", inboxChanges.reply, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/feedback/{feedbackId}/promote", inboxChanges.promote, body: .serverDefault),
            // Community: changelog
            .operatorSync("GET", "/api/admin/v1/projects/{id}/changelog", adminChangelog.list, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/projects/{id}/changelog", adminChangelog.create, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/changelog/{entryId}", adminChangelog.update, body: .serverDefault),
            .operatorSync("DELETE", "/api/admin/v1/changelog/{entryId}", adminChangelog.delete, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/changelog/{entryId}/publish", adminChangelog.publish, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/changelog/{entryId}/unpublish", adminChangelog.unpublish, body: .serverDefault),
            // Jobs
            .operatorSync("POST", "/api/admin/v1/jobs/{name}/run", jobs.run, body: .serverDefault),
            // Chat
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/conversations", conversations.list, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/conversations/{conversationId}/messages", conversations.messages, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/conversations/{conversationId}/messages", conversations.post, body: .community),
            .operatorAsync("POST", "/api/admin/v1/conversations/{conversationId}/resolve", conversationActions.resolve, body: .community),
            .operatorAsync("POST", "/api/admin/v1/conversations/{conversationId}/reopen", conversationActions.reopen, body: .community),
            .operatorAsync("POST", "/api/admin/v1/conversations/{conversationId}/images", conversationImages.create, body: .community),
            .operatorAsync("POST", "/api/admin/v1/conversations/{conversationId}/cards", conversationActions.card, body: .community),
            // Push
            .operatorAsync(
                "PUT", "/api/admin/v1/projects/{id}/push-credentials", pushCredentials.put,
                body: .bytes(AdminPushCredentialsHandler.maxBodyBytes)),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/push-credentials", pushCredentials.get, body: .serverDefault),
            .operatorAsync("DELETE", "/api/admin/v1/projects/{id}/push-credentials", pushCredentials.delete, body: .serverDefault),
            // Chat-ops integrations
            .operatorAsync(
                "PUT", "/api/admin/v1/projects/{id}/integrations/telegram", telegram.put,
                body: .bytes(AdminTelegramHandler.maxBodyBytes)),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/integrations/telegram", telegram.get, body: .serverDefault),
            .operatorAsync(
                "PATCH", "/api/admin/v1/projects/{id}/integrations/telegram", telegram.patch,
                body: .bytes(AdminTelegramHandler.maxBodyBytes)),
            .operatorAsync("DELETE", "/api/admin/v1/projects/{id}/integrations/telegram", telegram.delete, body: .serverDefault),
            .operatorAsync(
                "POST", "/api/admin/v1/projects/{id}/integrations/discord/install", discord.install, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/integrations/discord", discord.get, body: .serverDefault),
            .operatorAsync(
                "PATCH", "/api/admin/v1/projects/{id}/integrations/discord", discord.patch,
                body: .bytes(AdminDiscordHandler.maxBodyBytes)),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/integrations/discord/test", discord.test, body: .serverDefault),
            .operatorAsync("DELETE", "/api/admin/v1/projects/{id}/integrations/discord", discord.delete, body: .serverDefault),
            // RevenueCat
            .operatorAsync(
                "PUT", "/api/admin/v1/projects/{id}/integrations/revenuecat", revenueCat.put,
                body: .bytes(AdminRevenueCatHandler.maxBodyBytes)),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/integrations/revenuecat", revenueCat.get, body: .serverDefault),
            .operatorAsync("DELETE", "/api/admin/v1/projects/{id}/integrations/revenuecat", revenueCat.delete, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/revenue", revenueCat.overview, body: .serverDefault),
            // App Store Connect
            .operatorAsync("PUT", "/api/admin/v1/app-store-connect", appStoreConnect.connect, body: .community),
            .operatorAsync("GET", "/api/admin/v1/app-store-connect", appStoreConnect.get, body: .serverDefault),
            .operatorAsync("DELETE", "/api/admin/v1/app-store-connect", appStoreConnect.disconnect, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/app-store-connect/apps", appStoreConnect.apps, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/app-store-connect/import", appStoreConnect.importApps, body: .community),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/reviews/sync", reviews.sync, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/reviews", reviews.list, body: .serverDefault),
            .operatorAsync("PATCH", "/api/admin/v1/projects/{id}/reviews/{reviewId}", reviews.setStatus, body: .community),
            .operatorAsync("PUT", "/api/admin/v1/projects/{id}/reviews/{reviewId}/response", reviews.respond, body: .community),
            .operatorAsync(
                "DELETE", "/api/admin/v1/projects/{id}/reviews/{reviewId}/response", reviews.deleteResponse, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/reviews/{reviewId}/promote", reviews.promote, body: .community),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/reviews/{reviewId}/draft", reviewDrafts.create, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/metadata", metadata.read, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/projects/{id}/metadata/validate", metadata.validate, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/projects/{id}/metadata/suggest", metadata.suggest, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/metadata/publish", metadata.publish, body: .community),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/metadata/publishes", metadata.audit, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/prices/products", prices.products, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/prices/preview", prices.preview, body: .community),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/prices/previews/{previewId}", prices.storedPreview, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/prices/jobs", priceJobs.submit, body: .community),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/prices/jobs/{jobId}", priceJobs.get, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/prices/jobs/{jobId}/cancel", priceJobs.cancel, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/prices/jobs/{jobId}/retry", priceJobs.retry, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/prices/jobs/{jobId}/rollback", priceJobs.rollback, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/prices/previews/{previewId}/csv", prices.exportCSV, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/projects/{id}/prices/import", prices.importCSV, body: .community),
            // Market
            .operatorAsync("GET", "/api/admin/v1/market/trending", marketCharts.trending, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/rising", marketCharts.rising, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/apps", marketApps.search, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/apps/{handle}", marketApps.get, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/apps/{handle}/export", marketApps.export, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/publishers", marketPublishers.list, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/publishers/{key}", marketPublishers.get, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/watchlist", marketWatchlist.list, body: .serverDefault),
            .operatorAsync("PUT", "/api/admin/v1/market/watchlist/{adamId}", marketWatchlist.add, body: .bytes(8_192)),
            .operatorAsync("DELETE", "/api/admin/v1/market/watchlist/{adamId}", marketWatchlist.remove, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/tracker", marketTracker.timeline, body: .serverDefault),
            .operatorAsync(
                "POST", "/api/admin/v1/market/records", marketRecords.importLines,
                body: .bytes(MarketRecordsHandler.maximumBodyBytes), head: marketRecords.checkHead),
            .operatorAsync("GET", "/api/admin/v1/market/favorites", marketFavorites.list, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/market/favorites", marketFavorites.save, body: .bytes(8_192)),
            .operatorAsync("DELETE", "/api/admin/v1/market/favorites/{id}", marketFavorites.remove, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/market/favorite-folders", marketFavorites.folders, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/market/favorite-folders", marketFavorites.createFolder, body: .bytes(8_192)),
            .operatorAsync("PATCH", "/api/admin/v1/market/favorite-folders/{id}", marketFavorites.renameFolder, body: .bytes(8_192)),
            .operatorAsync("DELETE", "/api/admin/v1/market/favorite-folders/{id}", marketFavorites.deleteFolder, body: .serverDefault),
            // ASO
            .operatorAsync("GET", "/api/admin/v1/aso/explorer", asoExplorer.get, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/aso/keywords", asoKeywords.list, body: .serverDefault),
            .operatorAsync(
                "POST", "/api/admin/v1/projects/{id}/aso/keywords", asoKeywords.create, body: .bytes(ASOKeywordsHandler.maxBodyBytes)),
            .operatorAsync("DELETE", "/api/admin/v1/projects/{id}/aso/keywords/{keywordId}", asoKeywords.delete, body: .serverDefault),
            .operatorAsync(
                "GET", "/api/admin/v1/projects/{id}/aso/keywords/{keywordId}/history", asoKeywords.history, body: .serverDefault),
            .operatorAsync(
                "POST", "/api/admin/v1/projects/{id}/aso/groups", asoGroups.create, body: .bytes(ASOKeywordsHandler.maxBodyBytes)),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/aso/grid", asoGroups.grid, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/aso/candidates", asoCandidates.candidates, body: .serverDefault),
            .operatorAsync("GET", "/api/admin/v1/projects/{id}/aso/competitors", asoCandidates.competitors, body: .serverDefault),
            // Notifications
            .operatorAsync("GET", "/api/admin/v1/notifications", notifications.list, body: .serverDefault),
            .operatorAsync("POST", "/api/admin/v1/notifications/{id}/read", notifications.read, body: .serverDefault),
            // Accounts: media retention
            .operatorSync("GET", "/api/admin/v1/organization/retention", retention.get, body: .serverDefault),
            .operatorSync("PATCH", "/api/admin/v1/organization/retention", retention.update, body: .serverDefault),
            // Erasure
            .operatorSync("POST", "/api/admin/v1/projects/{id}/erasures", erasures.create, body: .serverDefault),
            .operatorSync("GET", "/api/admin/v1/erasures/{erasureId}", erasures.get, body: .serverDefault),
            .operatorSync("POST", "/api/admin/v1/organization/erasure", accountErasure.create, body: .serverDefault),
        ]
    }
}
