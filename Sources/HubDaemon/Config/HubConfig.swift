import Foundation
import HubMessaging
import HubRuntime

/// Every setting of a hub shard, read from `APPNORTH_*` variables, with defaults that run the
/// whole hub on one machine: ipc endpoints under the data dir, HTTP on 127.0.0.1:8080,
/// data in `./data`.
public struct HubConfig: Sendable {
    public var dataDirectory: String
    public var httpHost: String
    public var httpPort: UInt16
    public var httpThreads: Int
    /// How ingest's HTTP threads wait on their sockets (`APPNORTH_HTTP_EVENT_LOOP`: `auto`, the
    /// default, is poll on a loopback address and epoll on any other; `poll`; `epoll`).
    public var httpEventLoop: HTTPEventLoop
    /// Open connections per client address (`APPNORTH_HTTP_PER_IP_CONNECTIONS`, 64).
    public var httpPerClientConnections: Int
    /// Seconds for a request head to arrive, and for its body (`APPNORTH_HTTP_HEADER_TIMEOUT_S`
    /// 30, `APPNORTH_HTTP_BODY_TIMEOUT_S` 120), however slowly the bytes trickle.
    public var httpHeaderTimeout: TimeInterval
    public var httpBodyTimeout: TimeInterval
    /// Request body bytes held in memory at once (`APPNORTH_HTTP_BODY_BUDGET_MB`, 128 MiB).
    public var httpBodyBudgetBytes: Int
    /// Reverse proxies whose `X-Forwarded-For`/`-Proto` are believed (`APPNORTH_TRUSTED_PROXIES`).
    public var trustedProxies: TrustedProxies
    public var endpoints: [DaemonName: String]
    /// CURVE keys for `tcp://` endpoints; nil when none is `tcp://` and no key pair is set.
    public var rpcCurve: RPCCurveKeys?
    public var rpcTimeout: TimeInterval
    public var healthTimeout: TimeInterval
    public var logLevel: LogLevel
    /// How the kernel schedules the daemon's threads (`APPNORTH_CPU_SCHEDULING`, `batch`).
    public var cpuScheduling: CPUScheduling
    public var adminToken: String?
    public var tlsCAFile: String?
    /// Public community requests per minute per client IP (docs/limits.md, "Rate limits": 1,200).
    public var communityRequestsPerMinute: Int
    /// Private reports per minute per project and client IP (docs/limits.md, "Rate limits": 20).
    public var feedbackRequestsPerMinute: Int
    /// Chat messages per minute per project and client IP (docs/limits.md, "Rate limits": 20).
    public var chatMessagesPerMinute: Int
    /// Chat status and message reads per minute per project and client IP, per action (60).
    public var chatReadsPerMinute: Int
    /// MCP requests per minute per API token (`APPNORTH_MCP_RATE_PER_MIN`, 600).
    public var mcpRequestsPerMinute: Int
    /// Monthly API credits of a Studio organization's MCP market reads
    /// (`APPNORTH_STUDIO_MONTHLY_CREDITS`, 0: the seed's current allocation, pending approval).
    public var studioMonthlyCredits: Int
    /// Where attachments (screenshots, chat photos) live with the local-directory object store.
    public var objectStoreDirectory: String
    /// The hub's public base URL (`https://hub.example.com`), for the absolute URLs it hands out
    /// (photo upload and read URLs); without it they are built from the request's `Host`.
    public var publicURL: String?
    /// The App Store Connect API (`APPNORTH_ASC_URL`); tests point it at a fake.
    public var ascURL: String
    /// Seconds between two passes of the `reviews` job (`APPNORTH_REVIEWS_INTERVAL_S`).
    public var reviewsInterval: TimeInterval
    /// Seconds between two passes of asod's `prices` worker (`APPNORTH_PRICES_INTERVAL_S`; 0: on demand only).
    public var pricesInterval: TimeInterval
    /// Longest wait for one App Store Connect request (`APPNORTH_ASC_TIMEOUT_S`).
    public var ascTimeout: TimeInterval
    /// Seconds between two passes of ingest's `cleanup` job.
    public var cleanupInterval: TimeInterval
    /// The public App ID of the project that receives the dashboard's "Request a feature"
    /// (`APPNORTH_FEEDBACK_APP_ID`); unset, the page offers an email instead.
    public var feedbackAppId: String?
    // pushd
    /// APNs provider API base URLs (`APPNORTH_APNS_URL_SANDBOX`, `APPNORTH_APNS_URL_PRODUCTION`).
    public var apnsSandboxURL: String
    public var apnsProductionURL: String
    /// First retry delay of a push; each later one doubles (`APPNORTH_PUSH_RETRY_BASE_S`, 900).
    public var pushRetryBase: TimeInterval
    /// Seconds between two passes of pushd's `push` job (`APPNORTH_PUSH_INTERVAL_S`, 60).
    public var pushInterval: TimeInterval
    /// Pushes taken from the queue and sent together (`APPNORTH_PUSH_BATCH`, 500).
    public var pushBatchSize: Int
    /// Telegram's Bot API base URL (`APPNORTH_TELEGRAM_API_URL`, default `https://api.telegram.org`).
    public var telegramAPIURL: String
    /// Messages pushd posts into one Telegram group per minute (`APPNORTH_TELEGRAM_PER_MINUTE`,
    /// default 20, Telegram's group limit; 0 = no pacing, for a fake without limits).
    public var telegramPerMinute: Int
    /// The platform Discord bot (`DISCORD_APPLICATION_ID`, `DISCORD_PUBLIC_KEY` (hex, for the
    /// interactions endpoint's Ed25519 signatures), `DISCORD_BOT_TOKEN`, `DISCORD_CLIENT_SECRET`);
    /// Discord stays off while any is missing.
    public var discordApplicationId: String?
    public var discordPublicKey: String?
    public var discordBotToken: String?
    public var discordClientSecret: String?
    /// Discord's REST API (`APPNORTH_DISCORD_API_URL`, default `https://discord.com/api/v10`).
    public var discordAPIURL: String
    /// Discord's OAuth authorize page (`APPNORTH_DISCORD_OAUTH_URL`, default
    /// `https://discord.com/oauth2/authorize`).
    public var discordOAuthURL: String
    /// Seconds from the end of one Discord synchronization pass to the next
    /// (`APPNORTH_DISCORD_SYNC_INTERVAL_S`, default 30; 0 = on demand only).
    public var discordSyncInterval: TimeInterval
    /// First retry delay of an integration delivery after a 5xx or network error; each later
    /// one doubles up to 15 minutes (`APPNORTH_INTEGRATION_RETRY_BASE_S`, default 5).
    public var integrationRetryBase: TimeInterval
    /// Outgoing email (`APPNORTH_SMTP_*`, see `SMTPSettings`); nil: email is off.
    public var smtp: SMTPSettings?
    /// The keyring spec that seals secrets at rest in every daemon (`APPNORTH_CREDENTIALS_KEY`); nil
    /// when unset, and then `HubKeyring` uses the one generated under the data directory.
    public var credentialsKey: String?
    // asod
    /// iTunes Search and Lookup base URL (`APPNORTH_ITUNES_URL`, default `https://itunes.apple.com`).
    public var itunesURL: String
    /// Seconds between two passes of asod's `aso-ranks` job (`APPNORTH_ASO_INTERVAL_S`, default 86,400; 0 = on demand only).
    public var asoInterval: TimeInterval
    /// Provider calls per minute during rank collection (`APPNORTH_ASO_CALLS_PER_MIN`, default 20; 0 = no pacing).
    public var asoCallsPerMinute: Int
    /// Results asked of the provider per search (`APPNORTH_ASO_SEARCH_LIMIT`, default 100, at most 200).
    public var asoSearchLimit: Int
    /// RevenueCat's API base URL (`APPNORTH_REVENUECAT_URL`, default `https://api.revenuecat.com`).
    public var revenueCatURL: String
    /// The documentation site What's new links to (`APPNORTH_DOCS_URL`, `https://www.appnorth.app/docs`):
    /// the hub serves no `/docs` of its own.
    public var docsURL: String
    /// Seconds between two passes of asod's `revenue` job (`APPNORTH_REVENUE_INTERVAL_S`, default 86,400; 0 = on demand only).
    public var revenueInterval: TimeInterval
    /// The review-draft provider (`APPNORTH_AI_*`, see `AISettings`); nil: drafting is off.
    public var ai: AISettings?
    // marketd
    /// Storefronts collected, lowercase country codes (`APPNORTH_MARKET_STOREFRONTS`, default `us`).
    public var marketStorefronts: [String]
    /// Charts collected (`APPNORTH_MARKET_CHARTS`, default the three top charts).
    public var marketCharts: [String]
    /// Genre IDs collected besides each overall chart (`APPNORTH_MARKET_GENRES`, default none).
    public var marketGenres: [String]
    /// Seconds between two collection passes (`APPNORTH_MARKET_INTERVAL_S`; 0: on demand only).
    public var marketInterval: TimeInterval
    /// Least time between two provider calls (`APPNORTH_MARKET_MIN_GAP_MS`; 0 turns pacing off).
    public var marketMinGap: TimeInterval
    /// Entries asked of each chart feed (`APPNORTH_MARKET_CHART_LIMIT`, 1-200).
    public var marketChartLimit: Int

    public static let defaultHTTPAddress = "127.0.0.1:8080"

    public init(
        environment env: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws {
        func value(_ name: String) -> String? {
            guard let v = env[name]?.trimmingCharacters(in: .whitespaces), !v.isEmpty else { return nil }
            return v
        }
        let rawDir = value("APPNORTH_DATA_DIR") ?? "./data"
        dataDirectory = HubConfig.absolute(rawDir, from: currentDirectory)

        let address = value("APPNORTH_HTTP_ADDR") ?? HubConfig.defaultHTTPAddress
        (httpHost, httpPort) = try HubConfig.parseAddress(address, name: "APPNORTH_HTTP_ADDR")
        httpThreads = try HubConfig.integer(
            value("APPNORTH_HTTP_THREADS"), name: "APPNORTH_HTTP_THREADS",
            default: 2, range: 1...64)
        httpEventLoop = try HTTPEventLoop.parse(value("APPNORTH_HTTP_EVENT_LOOP"))
        httpPerClientConnections = try HubConfig.integer(
            value("APPNORTH_HTTP_PER_IP_CONNECTIONS"),
            name: "APPNORTH_HTTP_PER_IP_CONNECTIONS", default: 64, range: 1...65_536)
        httpHeaderTimeout = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_HTTP_HEADER_TIMEOUT_S"),
                name: "APPNORTH_HTTP_HEADER_TIMEOUT_S", default: 30, range: 1...3_600))
        httpBodyTimeout = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_HTTP_BODY_TIMEOUT_S"),
                name: "APPNORTH_HTTP_BODY_TIMEOUT_S", default: 120, range: 1...3_600))
        httpBodyBudgetBytes =
            try HubConfig.integer(
                value("APPNORTH_HTTP_BODY_BUDGET_MB"), name: "APPNORTH_HTTP_BODY_BUDGET_MB",
                default: 128, range: 8...65_536) << 20
        switch TrustedProxies.parse(value("APPNORTH_TRUSTED_PROXIES") ?? "") {
        case .success(let proxies): trustedProxies = proxies
        case .failure(let bad):
            throw ConfigError.invalid(
                name: "APPNORTH_TRUSTED_PROXIES", value: bad.entry,
                reason: "expected comma-separated IP addresses or CIDR ranges such as 10.0.0.0/8")
        }

        var endpoints: [DaemonName: String] = [:]
        for daemon in DaemonName.allCases {
            let name = daemon.environmentPrefix + "_ENDPOINT"
            let endpoint = value(name) ?? "ipc://\(dataDirectory)/sock/\(daemon.rawValue).ipc"
            guard endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("tcp://") || endpoint.hasPrefix("inproc://") else {
                throw ConfigError.invalid(name: name, value: endpoint, reason: "expected an ipc:// or tcp:// endpoint")
            }
            if endpoint.hasPrefix("ipc://"), endpoint.utf8.count - 6 > 107 {
                throw ConfigError.invalid(
                    name: name, value: endpoint, reason: "ipc path longer than 107 bytes; use a shorter APPNORTH_DATA_DIR")
            }
            endpoints[daemon] = endpoint
        }
        self.endpoints = endpoints
        rpcCurve = try RPCCurveKeys.fromEnvironment(endpoints: endpoints, value: value)

        rpcTimeout =
            Double(
                try HubConfig.integer(
                    value("APPNORTH_RPC_TIMEOUT_MS"), name: "APPNORTH_RPC_TIMEOUT_MS",
                    default: 2000, range: 10...120_000)) / 1000
        healthTimeout =
            Double(
                try HubConfig.integer(
                    value("APPNORTH_HEALTH_TIMEOUT_MS"), name: "APPNORTH_HEALTH_TIMEOUT_MS",
                    default: 800, range: 10...30_000)) / 1000
        if let raw = value("APPNORTH_LOG_LEVEL") {
            guard let level = LogLevel(name: raw) else {
                throw ConfigError.invalid(name: "APPNORTH_LOG_LEVEL", value: raw, reason: "expected debug, info, warn or error")
            }
            logLevel = level
        } else {
            logLevel = .info
        }
        cpuScheduling = try CPUScheduling.parse(value("APPNORTH_CPU_SCHEDULING"))
        if let token = value("APPNORTH_ADMIN_TOKEN") {
            guard token.hasPrefix("an_"), token.count >= 35,
                token.dropFirst(3).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            else {
                throw ConfigError.invalid(
                    name: "APPNORTH_ADMIN_TOKEN", value: "[redacted]",
                    reason: "expected an_ followed by at least 32 characters of [A-Za-z0-9_-]")
            }
            adminToken = token
        }
        tlsCAFile = value("APPNORTH_TLS_CA_FILE")
        communityRequestsPerMinute = try HubConfig.integer(
            value("APPNORTH_COMMUNITY_RATE_PER_MIN"),
            name: "APPNORTH_COMMUNITY_RATE_PER_MIN", default: 1_200,
            range: 1...100_000_000)
        feedbackRequestsPerMinute = try HubConfig.integer(
            value("APPNORTH_FEEDBACK_RATE_PER_MIN"),
            name: "APPNORTH_FEEDBACK_RATE_PER_MIN", default: 20, range: 1...100_000_000)
        chatMessagesPerMinute = try HubConfig.integer(
            value("APPNORTH_CHAT_RATE_PER_MIN"), name: "APPNORTH_CHAT_RATE_PER_MIN",
            default: 20, range: 1...100_000_000)
        chatReadsPerMinute = try HubConfig.integer(
            value("APPNORTH_CHAT_READ_RATE_PER_MIN"), name: "APPNORTH_CHAT_READ_RATE_PER_MIN",
            default: 60, range: 1...100_000_000)
        mcpRequestsPerMinute = try HubConfig.integer(
            value("APPNORTH_MCP_RATE_PER_MIN"), name: "APPNORTH_MCP_RATE_PER_MIN", default: 600, range: 1...100_000_000)
        studioMonthlyCredits = try HubConfig.integer(
            value("APPNORTH_STUDIO_MONTHLY_CREDITS"), name: "APPNORTH_STUDIO_MONTHLY_CREDITS", default: 0, range: 0...100_000_000)
        objectStoreDirectory =
            value("APPNORTH_OBJECT_STORE_DIR").map { HubConfig.absolute($0, from: currentDirectory) }
            ?? dataDirectory + "/objects"
        ascURL = value("APPNORTH_ASC_URL") ?? "https://api.appstoreconnect.apple.com"
        reviewsInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_REVIEWS_INTERVAL_S"), name: "APPNORTH_REVIEWS_INTERVAL_S",
                default: 21_600, range: 60...604_800))
        pricesInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_PRICES_INTERVAL_S"), name: "APPNORTH_PRICES_INTERVAL_S",
                default: 300, range: 0...604_800))
        ascTimeout = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_ASC_TIMEOUT_S"), name: "APPNORTH_ASC_TIMEOUT_S",
                default: 30, range: 1...300))
        if let raw = value("APPNORTH_PUBLIC_URL") {
            let trimmed = raw.hasSuffix("/") ? String(raw.dropLast()) : raw
            guard let url = URL(string: trimmed), ["http", "https"].contains(url.scheme ?? ""), url.host != nil,
                url.query == nil, url.fragment == nil
            else {
                throw ConfigError.invalid(
                    name: "APPNORTH_PUBLIC_URL", value: raw, reason: "expected an http(s) URL such as https://hub.example.com")
            }
            publicURL = trimmed
        }
        cleanupInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_CLEANUP_INTERVAL_S"), name: "APPNORTH_CLEANUP_INTERVAL_S",
                default: 3_600, range: 1...604_800))
        feedbackAppId = value("APPNORTH_FEEDBACK_APP_ID")
        // pushd
        apnsSandboxURL = value("APPNORTH_APNS_URL_SANDBOX") ?? "https://api.sandbox.push.apple.com"
        apnsProductionURL = value("APPNORTH_APNS_URL_PRODUCTION") ?? "https://api.push.apple.com"
        for (name, url) in [("APPNORTH_APNS_URL_SANDBOX", apnsSandboxURL), ("APPNORTH_APNS_URL_PRODUCTION", apnsProductionURL)]
        where !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            throw ConfigError.invalid(name: name, value: url, reason: "expected an https:// URL")
        }
        pushRetryBase = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_PUSH_RETRY_BASE_S"), name: "APPNORTH_PUSH_RETRY_BASE_S",
                default: 900, range: 0...86_400))
        pushInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_PUSH_INTERVAL_S"), name: "APPNORTH_PUSH_INTERVAL_S",
                default: 60, range: 0...86_400))
        pushBatchSize = try HubConfig.integer(value("APPNORTH_PUSH_BATCH"), name: "APPNORTH_PUSH_BATCH", default: 500, range: 1...5_000)
        telegramAPIURL =
            value("APPNORTH_TELEGRAM_API_URL").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "https://api.telegram.org"
        guard telegramAPIURL.hasPrefix("http://") || telegramAPIURL.hasPrefix("https://") else {
            throw ConfigError.invalid(
                name: "APPNORTH_TELEGRAM_API_URL", value: telegramAPIURL, reason: "expected an http:// or https:// URL")
        }
        telegramPerMinute = try HubConfig.integer(
            value("APPNORTH_TELEGRAM_PER_MINUTE"), name: "APPNORTH_TELEGRAM_PER_MINUTE", default: 20, range: 0...10_000)
        integrationRetryBase = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_INTEGRATION_RETRY_BASE_S"), name: "APPNORTH_INTEGRATION_RETRY_BASE_S",
                default: 5, range: 0...3_600))
        discordApplicationId = value("DISCORD_APPLICATION_ID").flatMap { $0.isEmpty ? nil : $0 }
        discordPublicKey = value("DISCORD_PUBLIC_KEY").flatMap { $0.isEmpty ? nil : $0.lowercased() }
        if let key = discordPublicKey, key.count != 64 || !key.allSatisfy(\.isHexDigit) {
            throw ConfigError.invalid(
                name: "DISCORD_PUBLIC_KEY", value: key, reason: "expected the application's public key: 64 hex digits")
        }
        discordBotToken = value("DISCORD_BOT_TOKEN").flatMap { $0.isEmpty ? nil : $0 }
        discordClientSecret = value("DISCORD_CLIENT_SECRET").flatMap { $0.isEmpty ? nil : $0 }
        discordAPIURL =
            value("APPNORTH_DISCORD_API_URL").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "https://discord.com/api/v10"
        discordOAuthURL = value("APPNORTH_DISCORD_OAUTH_URL") ?? "https://discord.com/oauth2/authorize"
        for (name, url) in [("APPNORTH_DISCORD_API_URL", discordAPIURL), ("APPNORTH_DISCORD_OAUTH_URL", discordOAuthURL)]
        where !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            throw ConfigError.invalid(name: name, value: url, reason: "expected an http:// or https:// URL")
        }
        discordSyncInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_DISCORD_SYNC_INTERVAL_S"), name: "APPNORTH_DISCORD_SYNC_INTERVAL_S", default: 30, range: 0...86_400))
        credentialsKey = value("APPNORTH_CREDENTIALS_KEY")
        smtp = try SMTPSettings.fromEnvironment(value)
        // asod
        itunesURL = value("APPNORTH_ITUNES_URL").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "https://itunes.apple.com"
        guard itunesURL.hasPrefix("http://") || itunesURL.hasPrefix("https://") else {
            throw ConfigError.invalid(name: "APPNORTH_ITUNES_URL", value: itunesURL, reason: "expected an http:// or https:// URL")
        }
        asoInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_ASO_INTERVAL_S"), name: "APPNORTH_ASO_INTERVAL_S",
                default: 86_400, range: 0...2_592_000))
        asoCallsPerMinute = try HubConfig.integer(
            value("APPNORTH_ASO_CALLS_PER_MIN"), name: "APPNORTH_ASO_CALLS_PER_MIN",
            default: 20, range: 0...100_000)
        asoSearchLimit = try HubConfig.integer(
            value("APPNORTH_ASO_SEARCH_LIMIT"), name: "APPNORTH_ASO_SEARCH_LIMIT",
            default: 100, range: 1...200)
        revenueCatURL =
            value("APPNORTH_REVENUECAT_URL").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "https://api.revenuecat.com"
        guard revenueCatURL.hasPrefix("http://") || revenueCatURL.hasPrefix("https://") else {
            throw ConfigError.invalid(name: "APPNORTH_REVENUECAT_URL", value: revenueCatURL, reason: "expected an http:// or https:// URL")
        }
        docsURL = value("APPNORTH_DOCS_URL").map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "https://www.appnorth.app/docs"
        guard docsURL.hasPrefix("http://") || docsURL.hasPrefix("https://") else {
            throw ConfigError.invalid(name: "APPNORTH_DOCS_URL", value: docsURL, reason: "expected an http:// or https:// URL")
        }
        revenueInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_REVENUE_INTERVAL_S"), name: "APPNORTH_REVENUE_INTERVAL_S",
                default: 86_400, range: 0...2_592_000))
        ai = try AISettings.fromEnvironment(value)
        // marketd
        func list(_ name: String, default fallback: [String], valid: (String) -> Bool) throws -> [String] {
            guard let raw = value(name) else { return fallback }
            let items = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            if let bad = items.first(where: { !valid($0) }) {
                throw ConfigError.invalid(name: name, value: raw, reason: "\(JSONText.quoted(bad)) is not valid here")
            }
            var seen = Set<String>()
            return items.filter { seen.insert($0).inserted }
        }
        marketStorefronts = try list("APPNORTH_MARKET_STOREFRONTS", default: ["us"]) {
            $0.utf8.count == 2 && $0.utf8.allSatisfy { (97...122).contains($0) }
        }
        marketCharts = try list("APPNORTH_MARKET_CHARTS", default: MarketChartQuery.charts) { MarketChartQuery.charts.contains($0) }
        marketGenres = try list("APPNORTH_MARKET_GENRES", default: []) {
            $0.utf8.count <= 8 && $0.utf8.allSatisfy { (48...57).contains($0) }
        }
        marketInterval = TimeInterval(
            try HubConfig.integer(
                value("APPNORTH_MARKET_INTERVAL_S"), name: "APPNORTH_MARKET_INTERVAL_S",
                default: 21_600, range: 0...604_800))
        marketMinGap =
            Double(
                try HubConfig.integer(
                    value("APPNORTH_MARKET_MIN_GAP_MS"), name: "APPNORTH_MARKET_MIN_GAP_MS",
                    default: 3_000, range: 0...600_000)) / 1000
        marketChartLimit = try HubConfig.integer(
            value("APPNORTH_MARKET_CHART_LIMIT"), name: "APPNORTH_MARKET_CHART_LIMIT",
            default: 200, range: 1...200)
    }

    public func endpoint(for daemon: DaemonName) -> String { endpoints[daemon]! }
    public func storePath(for daemon: DaemonName) -> String { "\(dataDirectory)/\(daemon.rawValue).sqlite" }

    static func absolute(_ path: String, from base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    static func parseAddress(_ address: String, name: String) throws -> (String, UInt16) {
        guard let colon = address.lastIndex(of: ":") else {
            throw ConfigError.invalid(name: name, value: address, reason: "expected host:port")
        }
        let host = String(address[..<colon])
        guard !host.isEmpty, let port = UInt16(address[address.index(after: colon)...]) else {
            throw ConfigError.invalid(name: name, value: address, reason: "expected host:port with a port 0-65535")
        }
        return (host, port)
    }

    static func integer(_ raw: String?, name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let raw else { return fallback }
        guard let v = Int(raw), range.contains(v) else {
            throw ConfigError.invalid(name: name, value: raw, reason: "expected an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }
}
