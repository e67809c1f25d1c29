import Dashboard
import HubHTTPServer

/// An app's store listing pages: the metadata editor and the price localization. Every member
/// reads, loads, edits and reviews; publishing metadata and anything that changes prices (a
/// preview stored, an import, a job and its actions) needs `publish`.
extension IngestRoutes {
    var storeListingPageRoutes: [RouteLine] {
        let gate = pageGate
        let metadata = metadataPages
        let prices = pricesPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let read = BodyLimit.serverDefault
        let app = "/dashboard/apps/{id}"
        return [
            .hubAsync("GET", app + "/metadata", gate.pageAsync(nil, metadata.page), body: read),
            .hubSync("POST", app + "/metadata/load", gate.page(nil, metadata.load), body: form),
            .hubSync("POST", app + "/metadata/edit", gate.page(nil, metadata.edit), body: form),
            .hubSync("POST", app + "/metadata/review", gate.page(nil, metadata.review), body: form),
            .hubSync("POST", app + "/metadata/publish", gate.page(.publish, metadata.publish), body: form),
            .hubAsync("GET", app + "/prices", gate.pageAsync(nil, prices.page), body: read),
            .hubSync("POST", app + "/prices/products", gate.page(.publish, prices.products), body: form),
            .hubAsync("POST", app + "/prices/preview", gate.pageAsync(.publish, prices.preview), body: form),
            .hubSync("POST", app + "/prices/import", gate.page(.publish, prices.importCSV), body: .bytes(PricesPagesHandler.uploadBytes)),
            .hubAsync("GET", app + "/prices/previews/{previewId}", gate.pageAsync(nil, prices.storedPreview), body: read),
            .hubAsync("GET", app + "/prices/previews/{previewId}/csv", gate.pageAsync(nil, prices.exportCSV), body: read),
            .hubSync("POST", app + "/prices/previews/{previewId}/jobs", gate.page(.publish, prices.submit), body: form),
            .hubAsync("GET", app + "/prices/jobs/{jobId}", gate.pageAsync(nil, prices.job), body: read),
            .hubSync("POST", app + "/prices/jobs/{jobId}/cancel", gate.page(.publish, prices.act("cancel")), body: form),
            .hubSync("POST", app + "/prices/jobs/{jobId}/retry", gate.page(.publish, prices.act("retry")), body: form),
            .hubSync("POST", app + "/prices/jobs/{jobId}/rollback", gate.page(.publish, prices.act("rollback")), body: form),
        ]
    }
}
