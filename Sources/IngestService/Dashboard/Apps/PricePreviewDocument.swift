import Dashboard
import Foundation
import HubMessaging

/// A stored preview's JSON document as asod writes it (docs/pricing.md, "Previews"), read for
/// the preview page: the dataset, and each territory's proposal with where its number came from.
struct PricePreviewDocument: Decodable {
    struct Source: Decodable {
        let dataset: String
        let licence: String
        let releaseDate: String
    }

    struct Point: Decodable {
        let id: String
        let customerPrice: Decimal
    }

    struct Proposal: Decodable {
        let territory: String
        let currency: String?
        let method: String
        let status: String
        let target: Decimal?
        let point: Point?
        let viaEuroArea: Bool?
        let adjustments: [String]?
    }

    let baseTerritory: String
    let basePrice: Decimal
    let strategy: String
    let source: Source
    let proposals: [Proposal]

    static func decode(_ text: String) throws -> PricePreviewDocument {
        try JSONDecoder().decode(PricePreviewDocument.self, from: Data(text.utf8))
    }

    /// The page of a stored preview; `current` is Apple's price per territory when it was read.
    func page(
        _ stored: ASCPricePreview.Response, project: Project, productId: String?, rounding: String?,
        current: [String: ASCPriceSuggest.Current]?, canManage: Bool
    ) -> PricePreviewPage {
        let rows = proposals.map { proposal -> PricePreviewPage.Row in
            let now = current?[proposal.territory]?.customerPrice
            var change: Double?
            if let now, now > 0, let proposed = proposal.point?.customerPrice {
                change = NSDecimalNumber(decimal: (proposed - now) / now * 100).doubleValue
            }
            var flags: [String] = []
            if proposal.method == "pinned" { flags.append("pinned") }
            if proposal.method == "locked" { flags.append("locked") }
            if proposal.method == "base" { flags.append("base") }
            if proposal.viaEuroArea == true { flags.append("euro area") }
            flags += (proposal.adjustments ?? []).map { $0.hasPrefix("floor") ? "floor (" + $0 + ")" : $0 }
            return PricePreviewPage.Row(
                territory: proposal.territory, currency: proposal.currency, current: now.map { "\($0)" },
                proposed: proposal.point.map { "\($0.customerPrice)" }, proposedPointId: proposal.point?.id,
                target: proposal.target.map { Self.rounded($0) }, changePercent: change, method: proposal.method,
                status: proposal.status, flags: flags)
        }
        return PricePreviewPage(
            projectId: project.id, appName: project.name, previewId: stored.previewId, createdAt: stored.createdAt,
            productId: productId, strategy: strategy, rounding: rounding, basePrice: "\(basePrice)", dataset: source.dataset,
            licence: source.licence, releaseDate: source.releaseDate, rows: rows, currentRead: current != nil, canManage: canManage)
    }

    /// Two decimal places: the target is a calculation, shown as a price.
    static func rounded(_ value: Decimal) -> String {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 2, .plain)
        return "\(output)"
    }
}
