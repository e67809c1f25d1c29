import Shared

/// `GET /version`: the build's name and version, encoded once at start-up.
struct VersionHandler {
    private let body: [UInt8] = Array("{\"name\":\"appnorth-hub\",\"version\":\(JSONText.quoted(AppNorth.version))}".utf8)

    func register(on router: Router) {
        let body = self.body
        router.add("GET", "/version") { _ in HTTPResponse.jsonBytes(body) }
    }
}
