import HubMessaging

/// Photos: ingest stages each sanitized upload here before handing its token to the uploader,
/// and its cleanup job applies each workspace's media retention.
enum ChatImageHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ChatImageStage.self) { request, _ in try store.stageImage(request) }
        rpc.register(ChatImageExpire.self) { request, _ in try store.expireImages(request) }
    }
}
