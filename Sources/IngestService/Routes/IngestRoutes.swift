import HubDaemon
import HubHTTPServer
import HubRuntime
import HubStore

/// Every handler of ingest's HTTP side, made once from the app's parts, and the route tables
/// that send each route to one of their methods: `IngestRoutes+Hub` (`/healthz`, `/metrics`,
/// `/version`), `IngestRoutes+Public` (the SDK's `/api/v1`) and `IngestRoutes+Operator`
/// (`/api/admin/v1`), each in `docs/openapi.yaml`'s order.
struct IngestRoutes {
    let auth: AdminAuth
    let requestGuard: PublicRequestGuard
    let chatAccess: ChatAccess
    let limits: RateLimits
    /// The store's group commit, which community writes join.
    let writes: WriteBatcher

    // The hub's own
    let health: HealthHandler
    let metrics: MetricsHandler
    let version: VersionHandler
    // Community
    let widgetConfig: WidgetConfigHandler
    let boards: BoardsHandler
    let ideas: IdeasHandler
    let votes: VotesHandler
    let comments: CommentsHandler
    let changelog: ChangelogHandler
    let adminBoards: AdminBoardsHandler
    let adminStatuses: AdminStatusesHandler
    let adminIdeas: AdminIdeasHandler
    let moderation: AdminModerationHandler
    let merge: AdminMergeHandler
    let adminComments: AdminCommentsHandler
    let adminChangelog: AdminChangelogHandler
    // Feedback
    let feedback: FeedbackHandler
    let inbox: AdminFeedbackHandler
    let inboxChanges: AdminFeedbackChangesHandler
    // Chat
    let chatStatus: ChatStatusHandler
    let chatMessages: ChatMessagesHandler
    let chatImages: ChatImagesHandler
    let chatCards: ChatCardsHandler
    let chatPaywalls: ChatPaywallsHandler
    let conversations: AdminConversationsHandler
    let conversationActions: AdminConversationActionsHandler
    let conversationImages: AdminConversationImagesHandler
    // Push
    let pushDevices: PushDevicesHandler
    let pushCredentials: AdminPushCredentialsHandler
    let telegram: AdminTelegramHandler
    let telegramWebhook: TelegramWebhookHandler
    let telegramSettings: TelegramSettings
    let discordInteractions: DiscordInteractionsHandler
    let discord: AdminDiscordHandler
    let discordCallback: DiscordCallbackHandler
    // Accounts
    let organizations: AdminOrganizationsHandler
    let tokens: AdminTokensHandler
    let projects: AdminProjectsHandler
    let identitySecret: AdminIdentitySecretHandler
    let members: AdminMembersHandler
    let invitations: AdminInvitationsHandler
    /// Sign-in, sessions and passwords, for the dashboard's pages.
    let accounts: Accounts
    // Dashboard pages
    let pageGate: PageGate
    let accountPages: AccountPagesHandler
    let appsPages: AppsPagesHandler
    let settingsPages: SettingsPagesHandler
    let emailAlertsPages: EmailAlertsPagesHandler
    let emailUnsubscribe: EmailUnsubscribeHandler
    let reportPages: ReportPagesHandler
    let ideaPages: IdeaPagesHandler
    let inboxPages: InboxPagesHandler
    let conversationPages: ConversationPagesHandler
    let telegramPages: TelegramPagesHandler
    let discordPages: DiscordPagesHandler
    let work: PendingWork
    let workPages: WorkPagesHandler
    let appStoreConnectPages: AppStoreConnectPagesHandler
    let reviewPages: ReviewsPagesHandler
    let keywordPages: KeywordsPagesHandler
    let metadataPages: MetadataPagesHandler
    let pricesPages: PricesPagesHandler
    let explorePages: ExplorePagesHandler
    let keywordExplorerPages: KeywordExplorerPagesHandler
    // Hosted roadmap and changelog
    let roadmapPages: RoadmapPagesHandler
    let handoff: HandoffHandler
    // Jobs
    let jobs: AdminJobsHandler
    // App Store Connect
    let appStoreConnect: AdminAppStoreConnectHandler
    let reviews: AdminReviewsHandler
    let reviewDrafts: AdminReviewDraftsHandler
    let metadata: AdminMetadataHandler
    let prices: AdminPricesHandler
    let priceJobs: AdminPriceJobsHandler
    // RevenueCat
    let revenueCat: AdminRevenueCatHandler
    // Market
    let marketCharts: MarketChartsHandler
    let marketApps: MarketAppsHandler
    let marketPublishers: MarketPublishersHandler
    let marketWatchlist: MarketWatchlistHandler
    let marketTracker: MarketTrackerHandler
    let marketRecords: MarketRecordsHandler
    let marketFavorites: MarketFavoritesHandler
    // ASO
    let asoExplorer: ASOExplorerHandler
    let asoKeywords: ASOKeywordsHandler
    let asoGroups: ASOGroupsHandler
    let asoCandidates: ASOCandidatesHandler
    // MCP
    let mcp: MCPHTTPHandler
    // Notifications
    let notifications: AdminNotificationsHandler
    let notificationPages: NotificationPagesHandler
    let featureRequestPages: FeatureRequestPagesHandler
    // Retention and What's new
    let retention: AdminRetentionHandler
    let retentionPages: RetentionPagesHandler
    let whatsNewPages: WhatsNewPagesHandler
    // Erasure
    let erasures: AdminErasuresHandler
    let erasurePages: ErasurePagesHandler
    let accountErasure: AdminAccountErasureHandler
    let accountDeletionPages: AccountDeletionPagesHandler

    /// `localJobs` are the jobs ingest runs itself; with the backends' jobs they are what
    /// `POST /api/admin/v1/jobs/{name}/run` can run. Chat photo uploads decode on `imageDecoder`,
    /// passwords hash on `passwordHasher`; the caller stops both.
    init(
        context: DaemonContext, store: IngestStore, requestGuard: PublicRequestGuard, limits: RateLimits,
        backends: BackendClients, hubMetrics: HubMetrics, objects: ObjectStore, imageDecoder: WorkerPool,
        passwordHasher: WorkerPool, localJobs: [HubJob], erasures erasureRequests: ErasureRequests
    ) throws {
        auth = AdminAuth(store: store)
        self.requestGuard = requestGuard
        chatAccess = ChatAccess(requestGuard: requestGuard)
        self.limits = limits
        writes = store.writes
        let lookup = AdminLookup(store: store)

        health = HealthHandler(context: context, backends: backends)
        metrics = MetricsHandler(metrics: hubMetrics, pushd: backends[.pushd])
        version = VersionHandler()

        let cursors = CursorSigner(store: store)
        widgetConfig = WidgetConfigHandler(requestGuard: requestGuard)
        boards = BoardsHandler(store: store, requestGuard: requestGuard)
        ideas = IdeasHandler(store: store, requestGuard: requestGuard, cursors: cursors)
        votes = VotesHandler(store: store, requestGuard: requestGuard)
        comments = CommentsHandler(store: store, requestGuard: requestGuard, cursors: cursors)
        changelog = ChangelogHandler(store: store, requestGuard: requestGuard, cursors: cursors)
        adminBoards = AdminBoardsHandler(store: store)
        adminStatuses = AdminStatusesHandler(store: store)
        adminIdeas = AdminIdeasHandler(store: store)
        moderation = AdminModerationHandler(store: store)
        merge = AdminMergeHandler(store: store)
        adminComments = AdminCommentsHandler(store: store)
        adminChangelog = AdminChangelogHandler(store: store)

        feedback = FeedbackHandler(
            store: store, requestGuard: requestGuard, objects: objects,
            creations: limits[.feedbackCreations], reads: limits[.feedbackReads])
        let deliveries = ReplyDeliveries(pushd: backends[.pushd], emailEnabled: context.config.smtp != nil)
        inbox = AdminFeedbackHandler(store: store, deliveries: deliveries)
        inboxChanges = AdminFeedbackChangesHandler(store: store, deliveries: deliveries)

        let chat = BackendForwarding(client: backends[.chatd])
        let uploads = ChatImageUploads(
            signer: ChatImageSigner(key: try store.signingKey(named: ChatImageSigner.keyName), clock: context.clock),
            objects: objects, publicURL: context.config.publicURL, decoder: imageDecoder)
        let locator = ChatConversationLocator(store: store)
        chatStatus = ChatStatusHandler(access: chatAccess, chat: chat, reads: limits[.chatStatusReads])
        chatMessages = ChatMessagesHandler(
            access: chatAccess, chat: chat, uploads: uploads, reads: limits[.chatMessageReads],
            creations: limits[.chatMessages])
        chatImages = ChatImagesHandler(access: chatAccess, chat: chat, uploads: uploads, steps: limits[.chatImageSteps])
        chatCards = ChatCardsHandler(access: chatAccess, chat: chat, events: limits[.chatCardEvents])
        chatPaywalls = ChatPaywallsHandler(access: chatAccess, chat: chat, reports: limits[.chatPaywallReports])
        let chatActions = ChatTeamActions(locator: locator, chat: chat)
        conversations = AdminConversationsHandler(lookup: lookup, locator: locator, chat: chat, uploads: uploads, actions: chatActions)
        conversationActions = AdminConversationActionsHandler(actions: chatActions)
        conversationImages = AdminConversationImagesHandler(locator: locator, chat: chat, uploads: uploads)

        let push = BackendForwarding(client: backends[.pushd])
        pushDevices = PushDevicesHandler(access: chatAccess, push: push, registrations: limits[.pushRegistrations])
        pushCredentials = AdminPushCredentialsHandler(lookup: lookup, push: push)
        telegramSettings = TelegramSettings(store: store, publicURL: context.config.publicURL)
        telegram = AdminTelegramHandler(lookup: lookup, settings: telegramSettings, push: push)
        telegramWebhook = TelegramWebhookHandler(push: backends[.pushd])
        discordInteractions = DiscordInteractionsHandler(publicKeyHex: context.config.discordPublicKey, clock: context.clock)
        let discordSettings = DiscordSettings(store: store, config: context.config)
        discord = AdminDiscordHandler(lookup: lookup, settings: discordSettings, push: push)
        discordCallback = DiscordCallbackHandler(settings: discordSettings, push: backends[.pushd])

        organizations = AdminOrganizationsHandler(store: store)
        tokens = AdminTokensHandler(store: store)
        projects = AdminProjectsHandler(store: store)
        identitySecret = AdminIdentitySecretHandler(store: store)
        members = AdminMembersHandler(store: store)
        invitations = AdminInvitationsHandler(
            store: store, publicURL: context.config.publicURL, emailOn: context.config.smtp != nil, deliveries: deliveries)
        accounts = Accounts(store: store, hasher: passwordHasher)
        pageGate = PageGate(accounts: accounts, publicURL: context.config.publicURL, logger: context.logger)
        accountPages = AccountPagesHandler(accounts: accounts, gate: pageGate)
        appsPages = AppsPagesHandler(store: store, push: push, asod: BackendForwarding(client: backends[.asod]))
        settingsPages = SettingsPagesHandler(
            store: store, publicURL: context.config.publicURL, emailOn: context.config.smtp != nil, deliveries: deliveries)
        emailAlertsPages = EmailAlertsPagesHandler(store: store, emailOn: context.config.smtp != nil)
        emailUnsubscribe = EmailUnsubscribeHandler(store: store)
        reportPages = ReportPagesHandler(store: store, objects: objects, deliveries: inbox.deliveries)
        ideaPages = IdeaPagesHandler(store: store)
        inboxPages = InboxPagesHandler(store: store, chat: chat)
        conversationPages = ConversationPagesHandler(store: store, chat: chat, actions: chatActions, uploads: uploads)
        telegramPages = TelegramPagesHandler(store: store, settings: telegramSettings, push: push)
        discordPages = DiscordPagesHandler(store: store, settings: discordSettings, push: push)
        roadmapPages = try RoadmapPagesHandler(
            store: store, requestGuard: requestGuard, cursors: cursors, publicURL: context.config.publicURL)
        handoff = HandoffHandler(
            store: store, requestGuard: requestGuard, addresses: limits[.handoffAddresses], projects: limits[.handoffProjects],
            publicURL: context.config.publicURL)

        let asod = BackendForwarding(client: backends[.asod])
        appStoreConnect = AdminAppStoreConnectHandler(store: store, asod: asod)
        reviews = AdminReviewsHandler(store: store, lookup: lookup, asod: asod)
        reviewDrafts = AdminReviewDraftsHandler(store: store, reviews: reviews, asod: asod, ai: context.config.ai)
        metadata = AdminMetadataHandler(lookup: lookup, asod: asod)
        prices = AdminPricesHandler(lookup: lookup, asod: asod)
        priceJobs = AdminPriceJobsHandler(lookup: lookup, asod: asod)
        revenueCat = AdminRevenueCatHandler(lookup: lookup, asod: asod)

        let market = BackendForwarding(client: backends[.marketd])
        let marketAccess = MarketAccess(store: store)
        let chartCache = MarketChartCache()
        marketCharts = MarketChartsHandler(market: market, access: marketAccess, cache: chartCache)
        marketApps = MarketAppsHandler(market: market, access: marketAccess)
        marketPublishers = MarketPublishersHandler(market: market, access: marketAccess)
        marketWatchlist = MarketWatchlistHandler(market: market, access: marketAccess)
        marketTracker = MarketTrackerHandler(market: market, access: marketAccess)
        marketRecords = MarketRecordsHandler(market: market, store: store, auth: auth)
        marketFavorites = MarketFavoritesHandler(market: market)

        let aso = ASOBackend(client: backends[.asod], store: store)
        asoExplorer = ASOExplorerHandler(asod: aso)
        asoKeywords = ASOKeywordsHandler(asod: aso)
        asoGroups = ASOGroupsHandler(asod: aso)
        asoCandidates = ASOCandidatesHandler(asod: aso)
        work = PendingWork()
        workPages = WorkPagesHandler(work: work)
        appStoreConnectPages = AppStoreConnectPagesHandler(apps: appsPages, connection: appStoreConnect, asod: asod, work: work)
        reviewPages = ReviewsPagesHandler(apps: appsPages, reviews: reviews, drafts: reviewDrafts, asod: asod, work: work)
        keywordPages = KeywordsPagesHandler(apps: appsPages, aso: aso, work: work)
        metadataPages = MetadataPagesHandler(apps: appsPages, asod: asod, work: work)
        pricesPages = PricesPagesHandler(apps: appsPages, asod: asod, work: work)
        explorePages = ExplorePagesHandler(market: market, access: marketAccess, charts: marketCharts, apps: marketApps)
        keywordExplorerPages = KeywordExplorerPagesHandler(aso: aso, store: store, work: work)
        mcp = MCPHTTPHandler.make(context: context, store: store, backends: backends, auth: auth, limits: limits, chartCache: chartCache)
        let feed = NotificationFeed(
            store: store, chatd: backends[.chatd], asod: backends[.asod], marketd: backends[.marketd], clock: context.clock)
        notifications = AdminNotificationsHandler(feed: feed)
        notificationPages = NotificationPagesHandler(feed: feed)
        featureRequestPages = FeatureRequestPagesHandler(
            store: store, objects: objects, decoder: imageDecoder, feedbackAppId: context.config.feedbackAppId)
        retention = AdminRetentionHandler(store: store)
        retentionPages = RetentionPagesHandler(store: store)
        whatsNewPages = WhatsNewPagesHandler(store: store, docsURL: context.config.docsURL)
        erasures = AdminErasuresHandler(lookup: lookup, requests: erasureRequests)
        erasurePages = ErasurePagesHandler(apps: appsPages, requests: erasureRequests)
        accountErasure = AdminAccountErasureHandler(store: store, requests: erasureRequests)
        accountDeletionPages = AccountDeletionPagesHandler(
            requests: erasureRequests, accounts: accounts, gate: pageGate, docsURL: context.config.docsURL)

        // `market-charts` is marketd's pass, then fresh chart answers.
        let runnable =
            localJobs + [
                RemoteJob(name: "push", client: backends[.pushd]), RemoteJob(name: "prices", client: backends[.asod]),
                RemoteJob(name: "aso-ranks", client: backends[.asod]), RemoteJob(name: "discord-sync", client: backends[.pushd]),
                RemoteJob(name: "revenue", client: backends[.asod]),
                MarketChartsJob(remote: RemoteJob(name: "market-charts", client: backends[.marketd]), cache: chartCache),
                RemoteJob(name: "email", client: backends[.pushd]),
                RemoteJob(name: "email-alerts", client: backends[.pushd]),
                RemoteJob(name: "email-digest", client: backends[.pushd]),
            ]
        jobs = AdminJobsHandler(store: store, jobs: Dictionary(uniqueKeysWithValues: runnable.map { ($0.name, $0) }))
    }

    /// Every line of every API table (`docs/openapi.yaml`).
    var lines: [RouteLine] { hubRoutes + publicRoutes + operatorRoutes }

    func install(on router: Router) {
        for line in lines + pageRoutes { line.install(on: router, auth: auth, writes: writes) }
    }
}
