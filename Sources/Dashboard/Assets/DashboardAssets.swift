import HubCrypto
import HubHTTPServer

/// The static files of the dashboard, compiled into the binary and served under names that
/// carry a hash of their bytes (`/assets/app.3f2a9c1e0b7d.css`): a change makes a new name,
/// so a browser may keep a file a year without asking again.
public struct DashboardAssets: Sendable {
    public struct Asset: Sendable {
        public let path: String
        let contentType: String
        let bytes: [UInt8]
    }

    public let stylesheet: Asset
    public let script: Asset

    public static let shared = DashboardAssets()

    init() {
        stylesheet = DashboardAssets.asset("app", "css", "text/css; charset=utf-8", DashboardStyles.css)
        script = DashboardAssets.asset("app", "js", "text/javascript; charset=utf-8", DashboardScript.js)
    }

    static let prefix = "/assets/"

    private static func asset(_ stem: String, _ ext: String, _ type: String, _ text: String) -> Asset {
        let bytes = Array(text.utf8)
        let hash = String(SHA256.hex(bytes).prefix(12))
        return Asset(path: prefix + stem + "." + hash + "." + ext, contentType: type, bytes: bytes)
    }

    /// The asset at `path`; nil for any other name, an old hash included.
    public func asset(at path: String) -> Asset? {
        [stylesheet, script].first { $0.path == path }
    }

    /// `GET /assets/{name}`: the file with a year's caching, or 404.
    public func response(for path: String) -> HTTPResponse {
        guard let asset = asset(at: path) else {
            return HTTPResponse(
                status: 404, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Array("Not found".utf8))
        }
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", asset.contentType),
                ("Cache-Control", "public, max-age=31536000, immutable"),
                ("X-Content-Type-Options", "nosniff"),
            ], body: asset.bytes)
    }
}
