import HubHTTPServer
import HubStore

/// One line of a route table (`Routes/IngestRoutes+Hub`, `+Public`, `+Operator`): the method
/// and full path as `docs/openapi.yaml` writes them, the handler, the most body bytes the
/// route reads, the budgets the handler spends and the check of a request's head. Its kind
/// (made by `RouteLine+Kinds`) says how the handler is wrapped for its audience.
struct RouteLine {
    enum Kind {
        /// The hub's own route, answered on the pool thread.
        case hubSync(Route.SyncHandler)
        /// The hub's own route, answered later from any thread.
        case hubAsync(Route.AsyncHandler)
        /// A public route answered on the pool thread; the handler resolves the project itself.
        case publicSync(Route.SyncHandler)
        /// A public route forwarded to a backend: its synchronous part (checks, store reads) runs
        /// on the pool thread and may throw, and what it throws is the answer.
        case publicAsync((HTTPRequest, @escaping Route.Completion) throws -> Void)
        /// A community write: the checks run on the pool thread and return the storage, which
        /// joins the store's next group commit; the answer is sent after that commit.
        case communityWrite((HTTPRequest) throws -> () throws -> CommunityHTTP.Written)
        /// An operator route: the caller's token is checked on the head and again before the handler.
        case operatorSync((HTTPRequest, AdminCaller) throws -> HTTPResponse)
        /// An operator route forwarded to a backend: authentication and the synchronous part run
        /// on the pool thread, and what they throw is the answer.
        case operatorAsync((HTTPRequest, AdminCaller, @escaping Route.Completion) throws -> Void)

        /// A route outside the operator API that an operator token authenticates, of either
        /// scope (the MCP server): `head` must authenticate, and the handler does it again, since
        /// a request without a body skips the head check.
        case tokenAsync(Route.AsyncHandler)

        var isOperator: Bool {
            switch self {
            case .operatorSync, .operatorAsync: return true
            default: return false
            }
        }
    }

    /// Where every operator route lives.
    static let operatorPrefix = "/api/admin/v1/"

    let method: String
    let path: String
    let kind: Kind
    let body: BodyLimit
    /// The budgets the handler spends, in the order it spends them.
    let rate: [RateLimits.Name]
    /// Runs on a request's head before its body is read; an operator route's default is
    /// `AdminAuth.headerCheck`.
    let head: Route.HeaderCheck?

    /// Adds the line to `router`. A path under `/api/admin/v1/` takes an operator kind and only
    /// such a path does, so no operator route can be served without authentication.
    func install(on router: Router, auth: AdminAuth, writes: WriteBatcher) {
        precondition(path.hasPrefix(RouteLine.operatorPrefix) == kind.isOperator, "\(method) \(path) has the wrong kind of line")
        let limit = body.maxBytes
        switch kind {
        case .hubSync(let handler), .publicSync(let handler):
            router.add(method, path, maxBodyBytes: limit, headerCheck: head, handler)
        case .hubAsync(let handler):
            router.addAsync(method, path, maxBodyBytes: limit, headerCheck: head, handler)
        case .publicAsync(let prepare):
            router.addAsync(method, path, maxBodyBytes: limit, headerCheck: head) { request, respond in
                do { try prepare(request, respond) } catch { respond(.failure(error)) }
            }
        case .communityWrite(let prepare):
            router.addAsync(method, path, maxBodyBytes: limit, headerCheck: head) { request, respond in
                do {
                    writes.submit(try prepare(request)) { result in
                        // A full write queue or a stopping daemon is overload, not a server fault.
                        respond(
                            result.map(CommunityHTTP.written).mapError {
                                $0 is WriteBatcherError ? APIError.unavailable(retryAfter: 1) : $0
                            })
                    }
                } catch {
                    respond(.failure(error))
                }
            }
        case .tokenAsync(let handler):
            precondition(head != nil, "\(method) \(path) authenticates on its head")
            router.addAsync(method, path, maxBodyBytes: limit, headerCheck: head, handler)
        case .operatorSync(let handler):
            router.add(method, path, maxBodyBytes: limit, headerCheck: head ?? auth.headerCheck) { request in
                try handler(request, try auth.authorize(request))
            }
        case .operatorAsync(let handler):
            router.addAsync(method, path, maxBodyBytes: limit, headerCheck: head ?? auth.headerCheck) { request, respond in
                do { try handler(request, try auth.authorize(request), respond) } catch { respond(.failure(error)) }
            }
        }
    }
}
