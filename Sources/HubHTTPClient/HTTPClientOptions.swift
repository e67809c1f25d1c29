import Foundation
import HubRuntime

/// How an `HTTPClient` connects. Every field has a working default.
public struct HTTPClientOptions: Sendable, Equatable {
    /// Which HTTP version to ask for.
    public enum Preference: Sendable, Equatable {
        /// HTTP/1.1 only.
        case http11
        /// HTTP/2: negotiated with ALPN over TLS (a server without h2 gets HTTP/1.1; the
        /// response's `httpVersion` tells); for `http://` URLs, h2c with prior knowledge.
        case http2
        /// HTTP/2 when a TLS server offers it through ALPN, HTTP/1.1 otherwise.
        case automatic
    }

    public var version: Preference = .automatic
    public var connectTimeout: TimeInterval = 5
    /// For the whole exchange, connect included; a request's own `timeout` wins.
    public var totalTimeout: TimeInterval = 30
    public var maxResponseBytes: Int = 8 << 20
    /// A PEM file of CA certificates trusted in addition to the system store (private CAs, test fakes).
    public var extraCAFile: String?
    /// The hashed certificate directory that keeps the system store trusted when `extraCAFile` is set.
    public var systemCAPath: String = "/etc/ssl/certs"
    public var userAgent: String = "AppNorthHub/\(AppNorth.version)"

    public init() {}

    /// Defaults, with `extraCAFile` from `APPNORTH_TLS_CA_FILE` when set and not empty.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> HTTPClientOptions {
        var options = HTTPClientOptions()
        if let file = env["APPNORTH_TLS_CA_FILE"], !file.isEmpty {
            options.extraCAFile = file
        }
        return options
    }
}
