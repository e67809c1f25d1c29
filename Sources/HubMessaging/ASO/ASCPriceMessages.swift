import Foundation

/// A product of the app's Apple catalog that has prices.
public struct ASCPricedProduct: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case subscription
        case inAppPurchase = "in_app_purchase"
    }
    public var id: String
    public var kind: Kind
    public var productId: String?
    public var name: String?

    public init(id: String, kind: Kind, productId: String?, name: String?) {
        self.id = id
        self.kind = kind
        self.productId = productId
        self.name = name
    }
}

/// `prices.products`: the app's subscriptions and in-app purchases, from Apple.
public enum ASCPriceProducts: RPCMessage {
    public static let type = "prices.products"
    public typealias Request = ASCAppRef
    public struct Response: Codable, Equatable, Sendable {
        public var items: [ASCPricedProduct]
        public init(items: [ASCPricedProduct]) { self.items = items }
    }
}

/// `prices.preview`: proposals for one product from Apple's price points and the bundled
/// dataset; the preview is stored so it can be restored later.
public enum ASCPricePreview: RPCMessage {
    public static let type = "prices.preview"
    public struct Request: Codable, Equatable, Sendable {
        public var app: ASCAppRef
        public var product: ASCPricedProduct
        /// Territories (ISO 3166 alpha-3) to propose for; the base territory `USA` is always included.
        public var territories: [String]
        public var strategy: String
        public var rounding: String
        /// The base price in USD; nil: the product's current price in the USA, from Apple.
        public var basePrice: Decimal?
        public var multipliers: [String: Decimal]
        public var floors: [String: Decimal]
        public var minimumShareOfBase: Decimal?
        public var pinned: [String: String]
        /// Locked territories with their manual price point ID, or "" while none is chosen.
        public var locked: [String: String]

        public init(
            app: ASCAppRef, product: ASCPricedProduct, territories: [String], strategy: String, rounding: String,
            basePrice: Decimal?, multipliers: [String: Decimal], floors: [String: Decimal], minimumShareOfBase: Decimal?,
            pinned: [String: String], locked: [String: String]
        ) {
            self.app = app
            self.product = product
            self.territories = territories
            self.strategy = strategy
            self.rounding = rounding
            self.basePrice = basePrice
            self.multipliers = multipliers
            self.floors = floors
            self.minimumShareOfBase = minimumShareOfBase
            self.pinned = pinned
            self.locked = locked
        }
    }
    /// The stored preview: its ID, when it was made, and the computed JSON document.
    public struct Response: Codable, Equatable, Sendable {
        public var previewId: String
        public var createdAt: String
        public var preview: String
        public init(previewId: String, createdAt: String, preview: String) {
            self.previewId = previewId
            self.createdAt = createdAt
            self.preview = preview
        }
    }
}

/// `prices.suggest`: the same computation as `prices.preview`, stored nowhere, with each
/// proposed territory's current Apple price, so a reader can see a suggestion without writing.
public enum ASCPriceSuggest: RPCMessage {
    public static let type = "prices.suggest"
    public typealias Request = ASCPricePreview.Request

    /// A territory's price point now, and its customer price when Apple gave one.
    public struct Current: Codable, Equatable, Sendable {
        public var pointId: String
        public var customerPrice: Decimal?
        public init(pointId: String, customerPrice: Decimal?) {
            self.pointId = pointId
            self.customerPrice = customerPrice
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        /// When it was computed.
        public var computedAt: String
        /// The computed JSON document, as `prices.preview` would store it.
        public var preview: String
        /// Apple's current point per territory of the preview, absent where it has none; nil
        /// for an in-app purchase, whose prices are one schedule not read here.
        public var current: [String: Current]?
        public init(computedAt: String, preview: String, current: [String: Current]?) {
            self.computedAt = computedAt
            self.preview = preview
            self.current = current
        }
    }
}

/// `prices.previewGet`: a stored preview, to review it again.
public enum ASCPricePreviewGet: RPCMessage {
    public static let type = "prices.previewGet"
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var previewId: String
        public init(projectId: String, previewId: String) {
            self.projectId = projectId
            self.previewId = previewId
        }
    }
    public typealias Response = ASCPricePreview.Response
}

/// `prices.csv.export`: a stored preview as CSV, with each territory's current Apple point
/// (read now) so an import can tell whether the file went stale.
public enum ASCPriceCSVExport: RPCMessage {
    public static let type = "prices.csv.export"
    public struct Request: Codable, Equatable, Sendable {
        public var app: ASCAppRef
        public var previewId: String
        public init(app: ASCAppRef, previewId: String) {
            self.app = app
            self.previewId = previewId
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var csv: String
        public init(csv: String) { self.csv = csv }
    }
}

/// `prices.csv.import`: validates a CSV against the current catalog and, when every row still
/// matches Apple's current point, stores it as a preview a job can be submitted from.
/// A row whose current point moved is `STALE_CSV`.
public enum ASCPriceCSVImport: RPCMessage {
    public static let type = "prices.csv.import"
    public struct Request: Codable, Equatable, Sendable {
        public var app: ASCAppRef
        public var csv: String
        public init(app: ASCAppRef, csv: String) {
            self.app = app
            self.csv = csv
        }
    }
    public typealias Response = ASCPricePreview.Response
}
