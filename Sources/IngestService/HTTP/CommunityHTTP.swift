import Shared

/// Small request and response helpers shared by the community handlers.
enum CommunityHTTP {
    /// A query parameter that is present and not empty.
    static func nonEmptyQuery(_ request: HTTPRequest, _ name: String) -> String? {
        guard let value = request.query[name], !value.isEmpty else { return nil }
        return value
    }

    /// The `Idempotency-Key` header as sent (validated by `IngestStore.idempotent`).
    static func idempotencyKey(_ request: HTTPRequest) -> String? { request.headers["idempotency-key"] }

    /// A write's response, marked when it is the replay of an earlier request with the same key.
    static func written(_ result: (status: Int, body: [UInt8], replayed: Bool)) -> HTTPResponse {
        var response = HTTPResponse.jsonBytes(result.body, status: result.status)
        if result.replayed { response.headers.append(("Idempotency-Replayed", "true")) }
        return response
    }

    /// The stored outcome of a write: status, body, and whether it replayed an earlier one.
    typealias Written = (status: Int, body: [UInt8], replayed: Bool)

    /// Registers a write route whose checks (`prepare`) run on the request thread and whose
    /// storage (the closure `prepare` returns) joins the store's next group commit; the
    /// response is sent after that commit.
    static func addWrite(_ router: Router, _ method: String, _ pattern: String, store: IngestStore,
                         requestGuard: PublicRequestGuard, _ prepare: @escaping (HTTPRequest) throws -> () throws -> Written) {
        router.addAsync(method, pattern, maxBodyBytes: InputLimits.communityBodyBytes,
                        headerCheck: requestGuard.headerCheck(origin: .required)) { request, respond in
            do {
                store.writes.submit(try prepare(request)) { result in
                    // A full write queue or a stopping daemon is overload, not a server fault.
                    respond(result.map(written).mapError { $0 is WriteBatcherError ? APIError.unavailable(retryAfter: 1) : $0 })
                }
            } catch {
                respond(.failure(error))
            }
        }
    }
}
