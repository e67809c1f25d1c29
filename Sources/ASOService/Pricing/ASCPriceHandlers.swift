import HubMessaging

/// Price calls: the catalog and previews read Apple from the work queue; stored previews are local.
enum ASCPriceHandlers {
    static func install(on rpc: RPCServer, work: ASCWorkQueue, prices: ASCPrices) {
        work.register(ASCPriceProducts.self) { ASCPriceProducts.Response(items: try prices.products($0)) }
        work.register(ASCPricePreview.self) { try prices.preview($0) }
        work.register(ASCPriceSuggest.self) { try prices.suggest($0) }
        work.register(ASCPriceCSVExport.self) { ASCPriceCSVExport.Response(csv: try prices.exportCSV($0)) }
        work.register(ASCPriceCSVImport.self) { try prices.importCSV($0) }
        rpc.register(ASCPricePreviewGet.self) { request, _ in try prices.storedPreview(request) }
    }
}
