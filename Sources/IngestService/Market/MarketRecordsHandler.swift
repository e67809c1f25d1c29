import HubHTTPServer
import HubMessaging

/// Import of market records as JSON lines (`Content-Type: application/x-ndjson` or
/// `text/plain`): one record per non-blank line, validated and written by marketd as one
/// batch, idempotent by record ID.
struct MarketRecordsHandler {
    static let maximumBodyBytes = 4 << 20
    static let mediaTypes: Set<String> = ["application/x-ndjson", "application/jsonl", "application/json-lines", "text/plain"]

    let market: BackendForwarding
    let store: IngestStore
    let auth: AdminAuth

    /// Market records feed the charts, profiles and estimates every organization reads, and
    /// their IDs are the operator's feed's: only the instance operator imports them. Checked on
    /// the head too, in place of the usual token check, so nobody else's 4 MiB is read.
    func checkHead(_ request: HTTPRequest) throws {
        try store.requireInstanceOperator(try auth.authenticate(request).organizationId, else: .marketImportRequiresOperator)
    }

    func importLines(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try store.requireInstanceOperator(caller.organizationId, else: .marketImportRequiresOperator)
        let media = request.headers["content-type"]?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let media, Self.mediaTypes.contains(media) else {
            throw APIError.unsupportedMediaType("Content-Type must be application/x-ndjson or text/plain (one JSON record per line).")
        }
        guard let text = String(validating: request.body, as: UTF8.self) else {
            throw APIError.invalidPayload(["body": ["must be UTF-8 text"]])
        }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !lines.isEmpty else { throw APIError.invalidPayload(["body": ["must hold at least one record"]]) }
        guard lines.count <= MarketRecordsImport.maximumLines else {
            throw APIError.invalidPayload(["body": ["must hold at most \(MarketRecordsImport.maximumLines) records"]])
        }
        market.forward(MarketRecordsImport.self, .init(lines: lines), respond: respond) { .json($0) }
    }
}
