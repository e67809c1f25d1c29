import HubMessaging

/// `erasure.organization` on the App Store Connect work queue, so it runs after any
/// connection, publish or price submission already asked for and none writes in between.
enum ASOAccountErasureHandlers {
    static func install(work: ASCWorkQueue, store: ASOStore) {
        work.register(ErasureOrganization.self) { request in try store.eraseOrganization(request.subject) }
    }
}
