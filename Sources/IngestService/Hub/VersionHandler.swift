import HubHTTPServer
import HubRuntime

/// `GET /version`: the build's name and version, encoded once at start-up.
struct VersionHandler {
    private let body: [UInt8] = Array("{\"name\":\"appnorth-hub\",\"version\":\(JSONText.quoted(AppNorth.version))}".utf8)

    func get(_ request: HTTPRequest) throws -> HTTPResponse { .jsonBytes(body) }
}
