import HubRuntime

/// Hand-written JSON for stored result lists: the rank collector stores one per provider call,
/// and `JSONEncoder` was a fifth of a collection pass. Missing fields are left out, as the
/// encoder does, and read back as missing.
extension ITunesApp {
    static func jsonArray(_ apps: [ITunesApp]) -> String {
        var out = "["
        out.reserveCapacity(2 + apps.count * 420)
        for (i, app) in apps.enumerated() {
            if i > 0 { out += "," }
            out += "{\"trackId\":\(app.trackId)"
            text("trackName", app.trackName, &out)
            text("sellerName", app.sellerName, &out)
            if let v = app.artistId { out += ",\"artistId\":\(v)" }
            text("artistName", app.artistName, &out)
            text("bundleId", app.bundleId, &out)
            if let v = app.averageUserRating { out += ",\"averageUserRating\":\(v)" }
            if let v = app.userRatingCount { out += ",\"userRatingCount\":\(v)" }
            text("releaseDate", app.releaseDate, &out)
            text("currentVersionReleaseDate", app.currentVersionReleaseDate, &out)
            if let v = app.price { out += ",\"price\":\(v)" }
            text("formattedPrice", app.formattedPrice, &out)
            text("currency", app.currency, &out)
            text("trackViewUrl", app.trackViewUrl, &out)
            text("primaryGenreName", app.primaryGenreName, &out)
            text("description", app.description, &out)
            out += "}"
        }
        return out + "]"
    }

    private static func text(_ name: String, _ value: String?, _ out: inout String) {
        guard let value else { return }
        out += ",\"" + name + "\":"
        JSONText.appendString(value, to: &out)
    }
}
