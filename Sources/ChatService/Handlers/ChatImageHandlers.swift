import HubMessaging

/// Photos: ingest stages each sanitized upload here before handing its token to the uploader.
enum ChatImageHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ChatImageStage.self) { request, _ in try store.stageImage(request) }
    }
}
