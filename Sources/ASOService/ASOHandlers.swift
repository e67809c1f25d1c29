import HubMessaging

/// asod's RPC handlers. Provider calls never run on the server thread: the explorer answers
/// cache hits at once and misses from its own queue; the rest are store reads and writes.
enum ASOHandlers {
    static func install(
        on rpc: RPCServer, store: ASOStore, explorer: ASOExplorerService, candidates: ASOCandidateFinder, ratings: ASORatings
    ) {
        rpc.registerDeferred(ASOExplorer.self) { request, _, reply in try explorer.answer(request, reply: reply) }
        rpc.register(ASOKeywordsAdd.self) { request, _ in try store.addKeywords(request) }
        rpc.register(ASOKeywordsList.self) { request, _ in try store.listKeywords(request) }
        rpc.register(ASOKeywordRemove.self) { request, _ in try store.removeKeyword(request) }
        rpc.register(ASOKeywordHistory.self) { request, _ in try store.history(request) }
        rpc.register(ASOGroupCreate.self) { request, _ in try store.createGroup(request) }
        rpc.register(ASOGrid.self) { request, _ in try store.grid(request) }
        rpc.register(ASOCompetitorsAhead.self) { request, _ in try candidates.competitors(request) }
        // May look the listing up at the provider: on the explorer's queue, like live searches.
        rpc.registerDeferred(ASOCandidates.self) { request, _, reply in
            explorer.queue.async {
                do {
                    reply(.success(try candidates.candidates(request)))
                } catch let error as RPCError {
                    reply(.failure(error))
                } catch {
                    reply(.failure(.internal()))
                }
            }
        }
        rpc.registerDeferred(ASORatingsGet.self) { request, _, reply in
            explorer.queue.async {
                do {
                    reply(.success(try ratings.ratings(request)))
                } catch let error as RPCError {
                    reply(.failure(error))
                } catch {
                    reply(.failure(.internal()))
                }
            }
        }
    }
}
