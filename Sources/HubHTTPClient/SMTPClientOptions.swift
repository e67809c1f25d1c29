import Foundation

/// Where and how an `SMTPClient` submits mail.
public struct SMTPClientOptions: Sendable, Equatable {
    public enum Security: Sendable, Equatable {
        /// `smtp://`: STARTTLS, and no mail without it.
        case startTLS
        /// `smtps://`: TLS from the first byte.
        case implicitTLS
        /// `smtp://` in the clear, for a relay on the same host.
        case none
    }

    /// `smtp://host:port` or `smtps://host:port`.
    public var url: String
    public var security: Security
    public var user: String?
    public var password: String?
    public var connectTimeout: TimeInterval = 10
    /// For one whole submission, connect included.
    public var totalTimeout: TimeInterval = 60
    /// A PEM file of CA certificates trusted in addition to the system store.
    public var extraCAFile: String?
    public var systemCAPath: String = "/etc/ssl/certs"

    public init(url: String, security: Security, user: String? = nil, password: String? = nil) {
        self.url = url
        self.security = security
        self.user = user
        self.password = password
    }
}
