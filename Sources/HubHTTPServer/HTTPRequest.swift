import Foundation

/// One HTTP request as handlers see it; built once by the server, safe to pass to other
/// threads.
public struct HTTPRequest {
    public let method: String
    /// The percent-decoded path, without the query.
    public let path: String
    /// The query as sent (still percent-encoded), nil when the target had no `?`.
    public let rawQuery: String?
    /// The first value of each query parameter, decoded (`+` is a space).
    public let query: [String: String]
    /// Every query parameter in order, decoded; repeated keys appear repeatedly.
    public let queryItems: [(String, String)]
    public let headers: HTTPHeaders
    /// Empty while a `Route.HeaderCheck` runs.
    public internal(set) var body: [UInt8]
    /// Values of the route's `{name}` segments, decoded.
    public var pathParameters: [String: String]
    public let correlationId: String
    /// The client's address: the socket peer, or behind a trusted proxy the address it
    /// forwarded (`HTTPServerOptions.trustedProxies`). Rate limits key on it.
    public let remoteAddress: String?
    /// The socket peer itself.
    public let peerAddress: String?
    /// `https` when a trusted proxy says so in `X-Forwarded-Proto`, else `http`.
    public let scheme: String
    public let receivedAt: Date
    /// Left by the route's header check for its handler (see `HeaderCheckMemo`).
    public let headerCheckMemo = HeaderCheckMemo()

    public init(
        method: String, path: String, rawQuery: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], pathParameters: [String: String] = [:], correlationId: String = "local-request",
        remoteAddress: String? = nil, scheme: String = "http", receivedAt: Date = Date()
    ) {
        let items = rawQuery.map { PercentDecoding.queryItems(Substring($0)) } ?? []
        self.init(
            method: method, path: path, rawQuery: rawQuery, queryItems: items, headers: headers, body: body,
            pathParameters: pathParameters, correlationId: correlationId, remoteAddress: remoteAddress,
            peerAddress: remoteAddress, scheme: scheme, receivedAt: receivedAt)
    }

    init(
        method: String, path: String, rawQuery: String?, queryItems: [(String, String)], headers: HTTPHeaders,
        body: [UInt8], pathParameters: [String: String], correlationId: String, remoteAddress: String?,
        peerAddress: String?, scheme: String, receivedAt: Date
    ) {
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.queryItems = queryItems
        var first: [String: String] = [:]
        for (name, value) in queryItems where first[name] == nil { first[name] = value }
        self.query = first
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
        self.correlationId = correlationId
        self.remoteAddress = remoteAddress
        self.peerAddress = peerAddress
        self.scheme = scheme
        self.receivedAt = receivedAt
    }

    /// Every value of a query parameter, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.0 == name }.map(\.1)
    }
}
