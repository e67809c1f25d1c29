import Foundation
import HubAppStoreConnect
import HubMessaging
import HubRuntime
import HubStore

/// Price localization against Apple's catalog (docs/pricing.md, "Previews"): the app's priced
/// products, and previews computed by `PriceLocalizer` over Apple's price points for the
/// product, stored for review.
public final class ASCPrices: @unchecked Sendable {
    let db: SQLiteDatabase
    let clock: Clock
    let connections: ASCConnections
    let localizer: PriceLocalizer
    let ids: TimeSortableID
    static let baseTerritory = "USA"
    static let maximumTerritories = 175

    public init(db: SQLiteDatabase, clock: Clock, connections: ASCConnections, index: BigMacIndex) {
        self.db = db
        self.clock = clock
        self.connections = connections
        localizer = PriceLocalizer(index: index)
        ids = TimeSortableID(clock: clock)
    }

    struct NamedAttributes: Decodable {
        let name: String?
        let productId: String?
    }

    struct PricePointAttributes: Decodable {
        let customerPrice: String?
        let proceeds: String?
    }

    func client(_ app: ASCAppRef) throws -> ASCClient { try connections.client(organizationId: app.organizationId) }

    func apple<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as ASCError {
            throw ASCConnections.rpcError(error, connecting: false)
        }
    }

    public func products(_ app: ASCAppRef) throws -> [ASCPricedProduct] {
        let client = try client(app)
        return try apple {
            let groups = try client.list(
                "/v1/apps/\(app.appStoreId)/subscriptionGroups", query: [("limit", "50")], as: NamedAttributes.self)
            var items: [ASCPricedProduct] = []
            for group in groups {
                items += try client.list(
                    "/v1/subscriptionGroups/\(group.id)/subscriptions", query: [("limit", "50")], as: NamedAttributes.self
                )
                .map { ASCPricedProduct(id: $0.id, kind: .subscription, productId: $0.attributes?.productId, name: $0.attributes?.name) }
            }
            items += try client.list("/v1/apps/\(app.appStoreId)/inAppPurchasesV2", query: [("limit", "200")], as: NamedAttributes.self)
                .map { ASCPricedProduct(id: $0.id, kind: .inAppPurchase, productId: $0.attributes?.productId, name: $0.attributes?.name) }
            return items
        }
    }

    /// Apple's price points of the product in `territories`, by territory.
    func pricePoints(_ client: ASCClient, _ product: ASCPricedProduct, territories: [String]) throws -> [String: [PricePoint]] {
        let path =
            product.kind == .subscription ? "/v1/subscriptions/\(product.id)/pricePoints" : "/v2/inAppPurchases/\(product.id)/pricePoints"
        var result: [String: [PricePoint]] = [:]
        // Apple filters by territory; a few territories per request keeps URLs short.
        for chunk in stride(from: 0, to: territories.count, by: 25).map({ Array(territories[$0..<min($0 + 25, territories.count)]) }) {
            let points = try client.list(
                path,
                query: [
                    ("filter[territory]", chunk.joined(separator: ",")), ("include", "territory"),
                    ("limit", "200"),
                ], as: PricePointAttributes.self)
            for point in points {
                guard let territory = point.relationships?["territory"]?.data?.id,
                    let price = point.attributes?.customerPrice.flatMap({ Decimal(string: $0) })
                else { continue }
                result[territory, default: []].append(
                    PricePoint(
                        id: point.id, customerPrice: price,
                        proceeds: point.attributes?.proceeds.flatMap { Decimal(string: $0) }))
            }
        }
        return result
    }

    /// The subscription's current price in the USA, from Apple.
    private func currentBasePrice(_ client: ASCClient, _ product: ASCPricedProduct) throws -> Decimal? {
        guard product.kind == .subscription else { return nil }
        return try client.currentSubscriptionPrice(subscriptionId: product.id, territory: ASCPrices.baseTerritory)?.customerPrice
    }

    public func preview(_ request: ASCPricePreview.Request) throws -> ASCPricePreview.Response {
        try store(request, try compute(request))
    }

    /// The preview computed and stored nowhere, with Apple's current point of each territory
    /// it proposes for (subscriptions only).
    public func suggest(_ request: ASCPricePreview.Request) throws -> ASCPriceSuggest.Response {
        let preview = try compute(request)
        var current: [String: ASCPriceSuggest.Current]?
        if request.product.kind == .subscription {
            let client = try client(request.app)
            current = try apple {
                var out: [String: ASCPriceSuggest.Current] = [:]
                for proposal in preview.proposals {
                    if let now = try client.currentSubscriptionPrice(subscriptionId: request.product.id, territory: proposal.territory) {
                        out[proposal.territory] = .init(pointId: now.pointId, customerPrice: now.customerPrice)
                    }
                }
                return out
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return .init(
            computedAt: ISOTime.format(clock.now()), preview: String(decoding: try encoder.encode(preview), as: UTF8.self),
            current: current)
    }

    /// The proposals for `request` over Apple's price points and the dataset.
    func compute(_ request: ASCPricePreview.Request) throws -> PriceLocalizationPreview {
        var problems: [String: [String]] = [:]
        let strategy = PriceLocalizationRequest.Strategy(rawValue: request.strategy)
        if strategy == nil { problems["strategy"] = ["must be purchasing_power or match_fx"] }
        let rounding = PriceLocalizationRequest.Rounding(rawValue: request.rounding)
        if rounding == nil { problems["rounding"] = ["must be nearest, down or up"] }
        let territories = request.territories.map { $0.uppercased() }
        if territories.isEmpty || territories.count > ASCPrices.maximumTerritories
            || !territories.allSatisfy({ $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
        {
            problems["territories"] = ["must hold 1-\(ASCPrices.maximumTerritories) ISO 3166 alpha-3 codes"]
        }
        if let base = request.basePrice, base <= 0 { problems["basePrice"] = ["must be above 0"] }
        for (territory, value) in request.multipliers where value <= 0 || value > 10 {
            problems["multipliers.\(territory)"] = ["must be in (0, 10]"]
        }
        if !problems.isEmpty {
            throw RPCError(code: "INVALID_PAYLOAD", message: "Some fields are invalid.", status: 400, fields: problems)
        }
        let client = try client(request.app)
        let (points, current) = try apple {
            (
                try pricePoints(client, request.product, territories: Array(Set(territories + [ASCPrices.baseTerritory])).sorted()),
                request.basePrice == nil ? try currentBasePrice(client, request.product) : nil
            )
        }
        guard let basePrice = request.basePrice ?? current else {
            throw RPCError(
                code: "BASE_PRICE_REQUIRED", message: "The product has no current price in the USA; give basePrice.", status: 400,
                fields: ["basePrice": ["is required for this product"]])
        }
        let today = String(ISOTime.format(clock.now()).prefix(10))
        let computation = PriceLocalizationRequest(
            basePrice: basePrice, strategy: strategy!, rounding: rounding!, territories: territories, pricePoints: points,
            multipliers: request.multipliers, floors: request.floors, minimumShareOfBase: request.minimumShareOfBase,
            pinned: request.pinned, locked: request.locked.mapValues { $0.isEmpty ? nil : $0 }, asOf: today)
        let preview: PriceLocalizationPreview
        do {
            preview = try localizer.preview(computation)
        } catch PriceLocalizer.Failure.noRelease(let asOf) {
            throw RPCError(code: "NO_DATASET", message: "The pricing dataset has no release on or before \(asOf).", status: 409)
        }
        return preview
    }

    /// Stores a preview with the request it answers; returns it as recorded.
    func store(_ request: ASCPricePreview.Request, _ preview: PriceLocalizationPreview) throws -> ASCPricePreview.Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let previewText = String(decoding: try encoder.encode(preview), as: UTF8.self)
        let requestText = String(decoding: try encoder.encode(request), as: UTF8.self)
        let id = ids.next()
        let createdAt = ISOTime.format(clock.now())
        try db.run(
            """
            INSERT INTO price_previews (id, organization_id, project_id, product_id, request, preview, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text(request.app.organizationId), .text(request.app.projectId), .text(request.product.id),
                .text(requestText), .text(previewText), .text(createdAt),
            ])
        return .init(previewId: id, createdAt: createdAt, preview: previewText)
    }

    public func storedPreview(_ request: ASCPricePreviewGet.Request) throws -> ASCPricePreview.Response {
        guard
            let row = try db.queryOne(
                "SELECT * FROM price_previews WHERE id = ? AND project_id = ?",
                [.text(request.previewId), .text(request.projectId)])
        else {
            throw RPCError(code: "PREVIEW_NOT_FOUND", message: "No stored preview with this ID.", status: 404)
        }
        return try .init(previewId: row.text("id"), createdAt: row.text("created_at"), preview: row.text("preview"))
    }
}
