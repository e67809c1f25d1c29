import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// Price localization of an imported project (docs/pricing.md, "Previews"): the priced products
/// of Apple's catalog, a preview for one product, and stored previews to review again.
struct AdminPricesHandler {
    let lookup: AdminLookup
    let asod: BackendForwarding

    struct PreviewBody: Decodable {
        let productId: String?
        let kind: String?
        let territories: [String]?
        let strategy: String?
        let rounding: String?
        let basePrice: Decimal?
        let multipliers: [String: Decimal]?
        let floors: [String: Decimal]?
        let minimumShareOfBase: Decimal?
        let pinned: [String: String]?
        let locked: [String: String]?
    }

    struct ImportBody: Decodable { let csv: String? }

    /// The preview as CSV, with each territory's current Apple point for the staleness check.
    func exportCSV(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let call = ASCPriceCSVExport.Request(app: try app(request, caller), previewId: request.pathParameters["previewId"] ?? "")
        Self.exportCSV(call, through: asod, respond)
    }

    /// The export's download, asked of asod (which rereads Apple's points); the operator route and
    /// the dashboard's Prices page answer the same file.
    static func exportCSV(
        _ call: ASCPriceCSVExport.Request, through asod: BackendForwarding, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void
    ) {
        asod.forward(ASCPriceCSVExport.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond) {
            HTTPResponse(
                status: 200,
                headers: [
                    ("Content-Type", "text/csv; charset=utf-8"),
                    ("Content-Disposition", "attachment; filename=\"price-preview.csv\""),
                ],
                body: Array($0.csv.utf8))
        }
    }

    /// `{"csv"}` → 201 stored preview built from the file, or 409 `STALE_CSV`.
    func importCSV(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(ImportBody.self)
        guard let csv = body.csv, !csv.isEmpty else { throw APIError.invalidPayload(["csv": ["is required"]]) }
        asod.forward(
            ASCPriceCSVImport.self, ASCPriceCSVImport.Request(app: try app(request, caller), csv: csv),
            timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond
        ) { Self.render($0, status: 201) }
    }

    private func app(_ request: HTTPRequest, _ caller: AdminCaller) throws -> ASCAppRef {
        try lookup.importedApp(request, caller).ref
    }

    func products(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(ASCPriceProducts.self, try app(request, caller), timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond) {
            .json($0)
        }
    }

    /// Prices arrive as JSON numbers; four decimal places drop the binary noise a number can carry.
    private static func exact(_ value: Decimal) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 4, .plain)
        return output
    }

    func preview(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(
            ASCPricePreview.self, try previewCall(request, caller), timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond
        ) {
            Self.render($0, status: 201)
        }
    }

    /// The preview's body computed and stored nowhere (`{"computedAt","preview":{…},"current":{…}}`),
    /// so a read token may see a suggestion; MCP's suggest_localized_prices and
    /// schedule_price_changes preview through it.
    func suggest(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(
            ASCPriceSuggest.self, try previewCall(request, caller), timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond
        ) {
            var text = "{\"computedAt\":"
            JSONText.appendString($0.computedAt, to: &text)
            text += ",\"preview\":" + $0.preview + ",\"current\":"
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            text += $0.current.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) } ?? "null"
            return .jsonBytes(Array((text + "}").utf8))
        }
    }

    /// The preview route's body checked and made into asod's request.
    private func previewCall(_ request: HTTPRequest, _ caller: AdminCaller) throws -> ASCPricePreview.Request {
        let body = try request.decodeJSON(PreviewBody.self)
        return try Self.previewRequest(body, app: try app(request, caller))
    }

    /// A preview body checked as the operator route checks it; the dashboard's preview form uses it too.
    static func previewRequest(_ body: PreviewBody, app: ASCAppRef) throws -> ASCPricePreview.Request {
        var errors = FieldErrors()
        if !(1...100).contains(body.productId?.count ?? 0) { errors.add("productId", "is required") }
        let kind = body.kind.flatMap(ASCPricedProduct.Kind.init(rawValue:))
        if kind == nil { errors.add("kind", "must be subscription or in_app_purchase") }
        if body.territories?.isEmpty ?? true { errors.add("territories", "is required") }
        if body.strategy == nil { errors.add("strategy", "is required: purchasing_power or match_fx") }
        try errors.throwIfAny()
        return ASCPricePreview.Request(
            app: app, product: ASCPricedProduct(id: body.productId!, kind: kind!, productId: nil, name: nil),
            territories: body.territories!, strategy: body.strategy!, rounding: body.rounding ?? "nearest",
            basePrice: body.basePrice.map(Self.exact), multipliers: (body.multipliers ?? [:]).mapValues(Self.exact),
            floors: (body.floors ?? [:]).mapValues(Self.exact), minimumShareOfBase: body.minimumShareOfBase.map(Self.exact),
            pinned: body.pinned ?? [:], locked: body.locked ?? [:])
    }

    func storedPreview(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let project = try lookup.project(request, caller)
        let call = ASCPricePreviewGet.Request(projectId: project.id, previewId: request.pathParameters["previewId"] ?? "")
        asod.forward(ASCPricePreviewGet.self, call, respond: respond) { Self.render($0, status: 200) }
    }

    /// `{"previewId","createdAt","preview":{…}}`, the stored preview document as asod wrote it.
    static func render(_ stored: ASCPricePreview.Response, status: Int) -> HTTPResponse {
        var text = "{\"previewId\":"
        JSONText.appendString(stored.previewId, to: &text)
        text += ",\"createdAt\":"
        JSONText.appendString(stored.createdAt, to: &text)
        text += ",\"preview\":" + stored.preview + "}"
        return .jsonBytes(Array(text.utf8), status: status)
    }
}
