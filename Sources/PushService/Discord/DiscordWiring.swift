import HubDaemon
import HubHTTPClient
import HubMessaging
import HubRuntime

/// pushd's Discord parts built from the configuration. The pass has its own API connection;
/// the RPCs theirs.
struct DiscordWiring {
    static let jobName = "discord-sync"
    let service: DiscordService
    let rpcService: DiscordService
    let workers: WorkerPool

    init(store: PushStore, config: HubConfig, http: HTTPClientOptions, chatd: RPCClient, ingest: RPCClient, logger: Logger) {
        let configured =
            config.discordApplicationId != nil && config.discordBotToken != nil && config.discordClientSecret != nil
            && config.discordPublicKey != nil
        func make() -> DiscordService {
            let api = DiscordAPI(baseURL: config.discordAPIURL, botToken: config.discordBotToken ?? "", options: http)
            return DiscordService(
                store: store, api: api,
                delivery: DiscordDelivery(store: store, api: api, retryBase: config.integrationRetryBase, logger: logger),
                sync: DiscordSync(
                    store: store, api: api, chatd: chatd, ingest: ingest, applicationId: config.discordApplicationId ?? "", logger: logger),
                applicationId: config.discordApplicationId, clientSecret: config.discordClientSecret, oauthURL: config.discordOAuthURL,
                configured: configured, logger: logger)
        }
        service = make()
        rpcService = make()
        workers = WorkerPool(name: "discord-rpc", threads: 2, maxQueued: 256)
    }
}
