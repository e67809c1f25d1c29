import Foundation
import HubCrypto
import HubMessaging
import HubRuntime

/// pushd's Discord side: the installation RPCs and the `discord-sync` pass (outgoing events,
/// then incoming replies, for each installation in turn, starting where the last pass left off
/// so every app gets its share within the pass's time budget).
final class DiscordService: @unchecked Sendable {
    /// Outgoing posts per installation and pass.
    static let postsPerPass = 10
    /// A pass stops starting new installations after this long.
    static let passBudget: TimeInterval = 20
    /// Channel types: text is eligible; announcement, forum and media are listed and refused.
    static let textChannel = 0
    static let refusedTypes: Set<Int> = [5, 15, 16]

    private let store: PushStore
    private let api: DiscordAPI
    private let delivery: DiscordDelivery
    private let sync: DiscordSync
    private let applicationId: String?
    private let clientSecret: String?
    private let oauthURL: String
    private let logger: Logger
    private let lock = NSLock()
    private var rotation = 0
    let configured: Bool

    init(
        store: PushStore, api: DiscordAPI, delivery: DiscordDelivery, sync: DiscordSync, applicationId: String?,
        clientSecret: String?, oauthURL: String, configured: Bool, logger: Logger
    ) {
        self.store = store
        self.api = api
        self.delivery = delivery
        self.sync = sync
        self.applicationId = applicationId
        self.clientSecret = clientSecret
        self.oauthURL = oauthURL
        self.configured = configured
        self.logger = logger
    }

    // MARK: The pass

    /// One synchronization pass; returns posts sent plus replies imported.
    func runPass() throws -> Int {
        guard configured else { return 0 }
        if try store.discordGlobalPause() > store.nowMillis { return 0 }
        let installations = try store.discordInstallations().filter { $0.channelId != nil }
        guard !installations.isEmpty else { return 0 }
        let start = lock.withLock {
            rotation += 1
            return rotation % installations.count
        }
        let deadline = Date().addingTimeInterval(Self.passBudget)
        var content: Bool?
        switch sync.hasMessageContent() {
        case .success(let flag): content = flag
        case .failure(let failure):
            if case .rateLimited(let seconds, _) = failure.kind {
                // The application's own route: the whole bot waits.
                try store.pauseDiscord(projectId: nil, untilMs: store.nowMillis + Int64(seconds * 1000))
                return 0
            }
        }
        var done = 0
        for offset in 0..<installations.count where Date() < deadline {
            let installation = installations[(start + offset) % installations.count]
            if installation.pausedUntilMs > store.nowMillis { continue }
            let sent = try delivery.deliver(installation, budget: Self.postsPerPass)
            done += sent.sent
            if sent.stopAll { break }
            if content == false {
                try store.noteDiscordProblem(
                    projectId: installation.projectId, code: "MESSAGE_CONTENT_INTENT",
                    message:
                        "Discord hides message text from the bot: enable the Message Content intent in the Developer Portal. Replies are read once it is on."
                )
                continue
            }
            guard let fresh = try store.discordInstallation(projectId: installation.projectId), fresh.pausedUntilMs <= store.nowMillis
            else { continue }
            if fresh.errorCode == "MESSAGE_CONTENT_INTENT" {
                try store.noteDiscordProblem(projectId: fresh.projectId, code: nil, message: nil)
            }
            switch try sync.sync(fresh, deadline: deadline) {
            case .done(let replies): done += replies
            case .stopAll: return done
            }
        }
        return done
    }

    // MARK: RPCs

    func install(on rpc: RPCServer, workers: WorkerPool) {
        rpc.register(DiscordInstall.self) { [self] request, _ in try begin(request) }
        rpc.register(DiscordCallback.self, on: workers) { [self] request in try complete(request) }
        rpc.register(DiscordConnectionGet.self, on: workers) { [self] request in try connection(request) }
        rpc.register(DiscordConfigure.self, on: workers) { [self] request in try configure(request) }
        rpc.register(DiscordTest.self, on: workers) { [self] request in try test(request) }
        rpc.register(DiscordDisconnect.self) { [self] request, _ in
            guard try store.discordInstallation(projectId: request.projectId) != nil else { throw DiscordErrors.notConnected() }
            try store.deleteDiscord(projectId: request.projectId)
            logger.info("discord disconnected", ["project": request.projectId])
            return DiscordDisconnect.Response(disconnected: true)
        }
    }

    private func requireConfigured() throws {
        guard configured, applicationId != nil, clientSecret != nil else { throw DiscordErrors.notConfigured() }
    }

    private func begin(_ request: DiscordInstall.Request) throws -> DiscordInstall.Response {
        try requireConfigured()
        if try store.discordInstallation(projectId: request.projectId) != nil { throw DiscordErrors.alreadyConnected() }
        let state = SecureRandom.token(byteCount: 32)
        try store.saveDiscordState(state, request: request)
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let query = [
            ("client_id", applicationId!), ("scope", "bot identify"), ("permissions", String(DiscordPermissions.botRequired)),
            ("redirect_uri", request.redirectURI), ("response_type", "code"), ("state", state),
        ].map { $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") }.joined(separator: "&")
        return DiscordInstall.Response(authorizeUrl: oauthURL + (oauthURL.contains("?") ? "&" : "?") + query)
    }

    private func complete(_ request: DiscordCallback.Request) throws -> DiscordCallback.Response {
        try requireConfigured()
        guard let state = try store.takeDiscordState(request.state) else { throw DiscordErrors.invalidState() }
        let exchanged = api.form(
            "/oauth2/token",
            [
                ("grant_type", "authorization_code"), ("code", request.code), ("redirect_uri", try state.text("redirect_uri")),
                ("client_id", applicationId!), ("client_secret", clientSecret!),
            ])
        guard case .success(let grant) = exchanged, let grantObject = grant as? [String: Any],
            let accessToken = grantObject["access_token"] as? String
        else {
            if case .failure(let failure) = exchanged, failure.kind == .transient { throw DiscordErrors.providerUnavailable() }
            throw DiscordErrors.oauthRefused()
        }
        guard case .success(let me) = api.bearer("/users/@me", accessToken: accessToken), let user = me as? [String: Any],
            let userId = user["id"] as? String
        else { throw DiscordErrors.oauthRefused() }
        guard let guildId = request.guildId ?? ((grantObject["guild"] as? [String: Any])?["id"] as? String) else {
            throw DiscordErrors.oauthRefused()
        }
        // The bot must now be in the server: its answer names it.
        guard case .success(let guild) = api.bot("GET", "/guilds/\(guildId)") else { throw DiscordErrors.oauthRefused() }
        let installation = try store.recordDiscordInstallation(
            state: state, guildId: guildId, guildName: (guild as? [String: Any])?["name"] as? String, installerId: userId,
            installerUsername: (user["global_name"] as? String) ?? (user["username"] as? String))
        logger.info("discord installed", ["project": installation.projectId, "guild": guildId])
        return DiscordCallback.Response(projectId: installation.projectId, organizationId: installation.organizationId)
    }

    private func connection(_ request: DiscordConnectionGet.Request) throws -> DiscordConnection {
        guard let installation = try store.discordInstallation(projectId: request.projectId) else { return .disconnected }
        let channels = request.withChannels && configured ? (try? eligibleChannels(installation)) ?? [] : []
        let state: DiscordConnection.State =
            installation.channelId == nil
            ? .awaitingChannel : (installation.errorCode == nil ? .active : .needsAttention)
        return DiscordConnection(
            state: state, guildId: installation.guildId, guildName: installation.guildName, channelId: installation.channelId,
            channels: channels,
            installer: .init(
                discordUserId: installation.installerUserId, username: installation.installerUsername,
                memberId: installation.installerMemberId),
            lastError: installation.errorCode.map {
                .init(code: $0, message: installation.errorMessage ?? "", at: installation.errorAt ?? "")
            },
            pending: try store.discordPending(projectId: installation.projectId), connectedAt: installation.createdAt)
    }

    /// The server's text-like channels and whether the bot has every permission it needs there.
    func eligibleChannels(_ installation: DiscordInstallation) throws -> [DiscordConnection.Channel] {
        guard let botId = applicationId else { return [] }
        guard case .success(let list) = api.bot("GET", "/guilds/\(installation.guildId)/channels") else {
            throw DiscordErrors.providerUnavailable()
        }
        var cache = DiscordPermissionCache(api: api, guildId: installation.guildId, channelId: "")
        return (list as? [[String: Any]] ?? []).compactMap { channel -> DiscordConnection.Channel? in
            guard let id = channel["id"] as? String, let type = (channel["type"] as? NSNumber)?.intValue,
                type == Self.textChannel || Self.refusedTypes.contains(type)
            else { return nil }
            let name = channel["name"] as? String ?? id
            guard type == Self.textChannel else {
                return .init(id: id, name: name, eligible: false, reason: "NOT_A_TEXT_CHANNEL")
            }
            let granted = cache.permissions(userId: botId, channelId: id, channel: channel) ?? 0
            let eligible = granted & DiscordPermissions.botRequired == DiscordPermissions.botRequired
            return .init(id: id, name: name, eligible: eligible, reason: eligible ? nil : "MISSING_PERMISSIONS")
        }
    }

    private func configure(_ request: DiscordConfigure.Request) throws -> DiscordConnection {
        try requireConfigured()
        guard let installation = try store.discordInstallation(projectId: request.projectId) else { throw DiscordErrors.notConnected() }
        guard try eligibleChannels(installation).contains(where: { $0.id == request.channelId && $0.eligible }) else {
            throw DiscordErrors.channelNotEligible()
        }
        try store.chooseDiscordChannel(projectId: request.projectId, channelId: request.channelId)
        return try connection(.init(projectId: request.projectId, withChannels: true))
    }

    private func test(_ request: DiscordTest.Request) throws -> DiscordTest.Response {
        try requireConfigured()
        guard let installation = try store.discordInstallation(projectId: request.projectId) else { throw DiscordErrors.notConnected() }
        guard let channelId = installation.channelId else { throw DiscordErrors.channelNotChosen() }
        let body: [String: Any] = [
            "content": "AppNorth is connected: new conversations and reports of \(installation.appName) will appear in this channel.",
            "allowed_mentions": ["parse": [String]()],
        ]
        switch api.bot("POST", "/channels/\(channelId)/messages", body) {
        case .success(let result): return .init(messageId: (result as? [String: Any])?["id"] as? String ?? "")
        case .failure(let failure):
            if let problem = failure.problem {
                try store.noteDiscordProblem(projectId: request.projectId, code: problem.code, message: problem.message)
            }
            if failure.kind == .transient { throw DiscordErrors.providerUnavailable() }
            throw DiscordErrors.providerRefused(failure.problem?.code ?? "status \(failure.status ?? 0)")
        }
    }
}
