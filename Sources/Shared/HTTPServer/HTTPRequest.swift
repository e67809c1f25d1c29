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
    public let body: [UInt8]
    /// Values of the route's `{name}` segments, decoded.
    public var pathParameters: [String: String]
    public let correlationId: String
    public let remoteAddress: String?
    public let receivedAt: Date

    public init(method: String, path: String, rawQuery: String? = nil, headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8] = [], pathParameters: [String: String] = [:], correlationId: String = "local-request",
                remoteAddress: String? = nil, receivedAt: Date = Date()) {
        let items = rawQuery.map { PercentDecoding.queryItems(Substring($0)) } ?? []
        self.init(method: method, path: path, rawQuery: rawQuery, queryItems: items, headers: headers, body: body,
                  pathParameters: pathParameters, correlationId: correlationId, remoteAddress: remoteAddress,
                  receivedAt: receivedAt)
    }

    init(method: String, path: String, rawQuery: String?, queryItems: [(String, String)], headers: HTTPHeaders,
         body: [UInt8], pathParameters: [String: String], correlationId: String, remoteAddress: String?, receivedAt: Date) {
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
        self.receivedAt = receivedAt
    }

    /// Every value of a query parameter, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.0 == name }.map(\.1)
    }
}
