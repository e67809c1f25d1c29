import Shared

/// The chat routes, public (`/api/v1/chat/…`) and operator (`/api/admin/v1`, behind
/// `AdminAuth`), all forwarded to chatd without holding an HTTP thread while it answers.
public struct ChatRoutes {
    public static let creationsPerMinute = 20
    public static let readsPerMinute = 60

    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let chatd: RPCClient
    let clock: Clock
    let messagesPerMinute: Int
    let readsPerMinute: Int
    let objects: ObjectStore
    let publicURL: String?
    let imageDecoder: WorkerPool

    /// The budgets come from `APPNORTH_CHAT_RATE_PER_MIN` and `APPNORTH_CHAT_READ_RATE_PER_MIN`.
    /// Photos live in `objects`; their URLs start with `publicURL` (`APPNORTH_PUBLIC_URL`) when set.
    /// Uploads are decoded on `imageDecoder`, which the caller stops.
    public init(store: IngestStore, requestGuard: PublicRequestGuard, chatd: RPCClient, clock: Clock,
                messagesPerMinute: Int = ChatRoutes.creationsPerMinute, readsPerMinute: Int = ChatRoutes.readsPerMinute,
                objects: ObjectStore, publicURL: String? = nil, imageDecoder: WorkerPool) {
        self.objects = objects
        self.publicURL = publicURL
        self.imageDecoder = imageDecoder
        self.store = store
        self.requestGuard = requestGuard
        self.chatd = chatd
        self.clock = clock
        self.messagesPerMinute = messagesPerMinute
        self.readsPerMinute = readsPerMinute
    }

    public func register(on router: Router) throws {
        let access = ChatAccess(requestGuard: requestGuard)
        let chat = BackendForwarding(client: chatd)
        let uploads = ChatImageUploads(signer: ChatImageSigner(key: try store.signingKey(named: ChatImageSigner.keyName), clock: clock),
                                       objects: objects, publicURL: publicURL, decoder: imageDecoder)
        func limiter(_ limit: Int) -> RateLimiter { RateLimiter(limit: limit, window: 60, clock: clock) }
        ChatStatusHandler(access: access, chat: chat, reads: limiter(readsPerMinute)).register(on: router)
        ChatMessagesHandler(access: access, chat: chat, uploads: uploads, reads: limiter(readsPerMinute),
                            creations: limiter(messagesPerMinute)).register(on: router)
        ChatImagesHandler(access: access, chat: chat, uploads: uploads, steps: limiter(readsPerMinute)).register(on: router)
        ChatCardsHandler(access: access, chat: chat, events: limiter(readsPerMinute)).register(on: router)
        ChatPaywallsHandler(access: access, chat: chat, reports: limiter(readsPerMinute)).register(on: router)
        register(on: AdminRouter(router: router, auth: AdminAuth(store: store)), chat: chat, uploads: uploads)
    }

    /// The operator routes, behind the same `AdminAuth` as every other operator route.
    func register(on admin: AdminRouter, chat: BackendForwarding, uploads: ChatImageUploads) {
        let locator = ChatConversationLocator(store: store)
        AdminConversationsHandler(lookup: AdminLookup(store: store), locator: locator, chat: chat, uploads: uploads).register(on: admin)
        AdminConversationActionsHandler(locator: locator, chat: chat).register(on: admin)
        AdminConversationImagesHandler(locator: locator, chat: chat, uploads: uploads).register(on: admin)
    }
}
