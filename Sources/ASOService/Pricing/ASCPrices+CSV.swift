import Foundation
import HubAppStoreConnect
import HubMessaging
import HubRuntime

/// CSV export and import of price previews (docs/pricing.md, "CSV export and import"): an import
/// is validated against the current catalog. Each row carries the Apple point the territory had
/// when the file was made; an import whose rows no longer match Apple is `STALE_CSV`.
extension ASCPrices {
    static let csvColumns = ["product_id", "product_kind", "territory", "current_point_id", "proposed_point_id", "proposed_price"]
    static let maximumCSVRows = 200
    /// The import route's whole request body may be no larger, so a file this size is never legitimate.
    static let maximumCSVBytes = 32_000
    /// The header, at most `maximumCSVRows` rows, and the six columns; a `'` the export put
    /// before an ID that starts like a formula is taken off again.
    static let csvReader = CSVReader(
        limits: .init(bytes: maximumCSVBytes, records: maximumCSVRows + 1, fieldsPerRecord: csvColumns.count),
        restoresNeutralizedFields: true)

    /// Apple's current point of a subscription in a territory; in-app purchases have none here.
    func currentPoint(_ client: ASCClient, _ product: ASCPricedProduct, territory: String) throws -> String? {
        guard product.kind == .subscription else { return nil }
        return try client.currentSubscriptionPrice(subscriptionId: product.id, territory: territory)?.pointId
    }

    /// A stored preview with the request that made it.
    func storedRequest(_ app: ASCAppRef, previewId: String) throws -> (ASCPricePreview.Request, PriceLocalizationPreview) {
        let stored = try storedPreview(.init(projectId: app.projectId, previewId: previewId))
        guard let row = try db.queryOne("SELECT request FROM price_previews WHERE id = ?", [.text(previewId)]),
            let request = try? JSONDecoder().decode(ASCPricePreview.Request.self, from: Data(try row.text("request").utf8)),
            let preview = try? JSONDecoder().decode(PriceLocalizationPreview.self, from: Data(stored.preview.utf8))
        else {
            throw RPCError(code: "PREVIEW_NOT_FOUND", message: "No stored preview with this ID.", status: 404)
        }
        return (request, preview)
    }

    public func exportCSV(_ request: ASCPriceCSVExport.Request) throws -> String {
        let (previewRequest, preview) = try storedRequest(request.app, previewId: request.previewId)
        let client = try client(request.app)
        var csv = CSVWriter(header: ASCPrices.csvColumns)
        try apple {
            for proposal in preview.proposals where proposal.status == .proposed {
                guard let point = proposal.point else { continue }
                let current = try currentPoint(client, previewRequest.product, territory: proposal.territory) ?? ""
                csv.append([
                    previewRequest.product.id, previewRequest.product.kind.rawValue, proposal.territory, current, point.id,
                    "\(point.customerPrice)",
                ])
            }
        }
        return csv.text
    }

    public func importCSV(_ request: ASCPriceCSVImport.Request) throws -> ASCPricePreview.Response {
        func invalid(_ problems: [String: [String]]) -> RPCError {
            RPCError(code: "INVALID_CSV", message: "The CSV does not match the expected columns and values.", status: 400, fields: problems)
        }
        let rowLimit = ["rows": ["must be 1-\(ASCPrices.maximumCSVRows)"]]
        let records: [CSVReader.Record]
        do {
            records = try ASCPrices.csvReader.records(in: request.csv)
        } catch let error as CSVError {
            switch error {
            case .tooLarge: throw invalid(["csv": [error.reason]])
            case .tooManyRecords: throw invalid(rowLimit)
            default: throw invalid(["row \(error.line ?? 1)": [error.reason]])
            }
        }
        guard records.first?.fields == ASCPrices.csvColumns else {
            throw invalid(["header": ["must be: \(ASCPrices.csvColumns.joined(separator: ","))"]])
        }
        let lines = records.dropFirst().map(\.line)
        let rows = records.dropFirst().map(\.fields)
        guard (1...ASCPrices.maximumCSVRows).contains(rows.count) else { throw invalid(rowLimit) }
        var problems: [String: [String]] = [:]
        for (index, row) in rows.enumerated() where row.count != 6 || Decimal(string: row[5]) == nil || row[2].count != 3 {
            problems["row \(lines[index])"] = ["needs 6 fields: product, kind, territory, current point, proposed point, price"]
        }
        if !problems.isEmpty { throw invalid(problems) }
        guard Set(rows.map { $0[0] }).count == 1, let kind = ASCPricedProduct.Kind(rawValue: rows[0][1]) else {
            throw invalid(["product_id": ["one product of a known kind per file"]])
        }
        guard Set(rows.map { $0[2] }).count == rows.count else { throw invalid(["territory": ["each territory once"]]) }
        let product = ASCPricedProduct(id: rows[0][0], kind: kind, productId: nil, name: nil)
        let client = try client(request.app)
        var stale: [String: [String]] = [:]
        let points = try apple { try pricePoints(client, product, territories: rows.map { $0[2] }) }
        for (index, row) in rows.enumerated() {
            let offered = points[row[2]]?.first { $0.id == row[4] }
            if offered == nil {
                problems["row \(lines[index])"] = ["\(row[4]) is not an available price point in \(row[2])"]
            } else if offered!.customerPrice != Decimal(string: row[5]) {
                problems["row \(lines[index])"] = ["\(row[4]) costs \(offered!.customerPrice), not \(row[5])"]
            }
            let current = try apple { try currentPoint(client, product, territory: row[2]) } ?? ""
            if current != row[3] {
                stale["row \(lines[index])"] = ["\(row[2]) is now \(current.isEmpty ? "unpriced" : current), not \(row[3])"]
            }
        }
        if !stale.isEmpty {
            throw RPCError(
                code: "STALE_CSV", message: "The file no longer matches Apple's current prices; generate a fresh preview.",
                status: 409, fields: stale)
        }
        if !problems.isEmpty { throw invalid(problems) }
        let today = ISOTime.format(clock.now())
        let proposals = rows.map { row in
            PriceProposal(
                territory: row[2], currency: nil, method: .imported, status: .proposed, target: Decimal(string: row[5]),
                point: points[row[2]]?.first { $0.id == row[4] }, sourceDate: nil, viaEuroArea: false, adjustments: [])
        }
        let preview = PriceLocalizationPreview(
            baseTerritory: ASCPrices.baseTerritory, basePrice: proposals.first { $0.territory == ASCPrices.baseTerritory }?.target ?? 0,
            strategy: "csv_import", source: .init(dataset: "CSV import", licence: "", releaseDate: String(today.prefix(10))),
            proposals: proposals)
        let record = ASCPricePreview.Request(
            app: request.app, product: product, territories: rows.map { $0[2] }, strategy: "csv_import",
            rounding: "nearest", basePrice: nil, multipliers: [:], floors: [:], minimumShareOfBase: nil,
            pinned: [:], locked: [:])
        return try store(record, preview)
    }
}
