import HubDaemon
import HubHTTPClient
import HubMessaging
import HubRuntime

/// pushd's Telegram parts built from the configuration: RPC handlers, inbound handling,
/// delivery and polling, each with its own Bot API connection.
struct TelegramWiring {
    let handlers: TelegramHandlers
    let loops: TelegramLoops
    let delivery: TelegramDelivery

    init(store: PushStore, config: HubConfig, http: HTTPClientOptions, chatd: RPCClient, ingest: RPCClient, logger: Logger) {
        let api = { TelegramBotAPI(baseURL: config.telegramAPIURL, options: http) }
        let inbound = TelegramInbound(store: store, api: api(), chatd: chatd, ingest: ingest, logger: logger)
        handlers = TelegramHandlers(store: store, api: api(), inbound: inbound, logger: logger)
        delivery = TelegramDelivery(
            store: store, api: api(), perMinute: config.telegramPerMinute, retryBase: config.integrationRetryBase, logger: logger)
        loops = TelegramLoops(store: store, delivery: delivery, inbound: inbound, pollAPI: api(), logger: logger)
    }
}
