import Foundation
import HubRuntime

/// Outgoing email (`APPNORTH_SMTP_URL`, `APPNORTH_SMTP_USER`, `APPNORTH_SMTP_PASSWORD`,
/// `APPNORTH_SMTP_FROM`, `APPNORTH_EMAIL_RETRY_BASE_S`). Without a URL email is off.
///
/// `smtp://host[:port]` requires STARTTLS; `smtps://host[:port]` speaks TLS from the first
/// byte; `smtp://host[:port]?tls=none` is a plain local relay and the only way to send without
/// TLS. The URL carries no credentials (they have their own variables, and a URL gets logged).
public struct SMTPSettings: Sendable, Equatable, CustomStringConvertible {
    public enum Security: String, Sendable {
        case startTLS = "starttls"
        case implicitTLS = "tls"
        case none
    }

    /// What libcurl connects to: `smtp://host:port` or `smtps://host:port`, without the query.
    public var url: String
    public var security: Security
    public var user: String?
    /// Never logged, never part of an error.
    public var password: String?
    /// `APPNORTH_SMTP_FROM`: `hub@example.com` or `Example Hub <hub@example.com>`.
    public var from: EmailAddress
    /// First retry delay of an email; each later one doubles, up to an hour (default 60).
    public var retryBase: TimeInterval

    public var description: String {
        "SMTPSettings(url: \(url), security: \(security.rawValue), user: \(user ?? "none"), password: "
            + (password == nil ? "none" : "[redacted]") + ", from: \(from))"
    }

    /// The settings in `value`'s variables, nil when `APPNORTH_SMTP_URL` is unset.
    public static func fromEnvironment(_ value: (String) -> String?) throws -> SMTPSettings? {
        guard let raw = value("APPNORTH_SMTP_URL") else { return nil }
        let name = "APPNORTH_SMTP_URL"
        guard let parts = URLComponents(string: raw), let scheme = parts.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
            let host = parts.host, !host.isEmpty, parts.path.isEmpty || parts.path == "/", parts.fragment == nil
        else {
            throw ConfigError.invalid(
                name: name, value: Redactor.redactQuery(raw), reason: "expected smtp://host:port or smtps://host:port")
        }
        if parts.user != nil || parts.password != nil {
            throw ConfigError.invalid(
                name: name, value: "[redacted]", reason: "credentials belong in APPNORTH_SMTP_USER and APPNORTH_SMTP_PASSWORD")
        }
        var security: Security = scheme == "smtps" ? .implicitTLS : .startTLS
        for item in parts.queryItems ?? [] {
            guard item.name == "tls", item.value == "none", scheme == "smtp" else {
                throw ConfigError.invalid(
                    name: name, value: raw, reason: "the only query is tls=none, on smtp:// (a plain relay without TLS)")
            }
            security = .none
        }
        guard let from = value("APPNORTH_SMTP_FROM") else { throw ConfigError.missing(name: "APPNORTH_SMTP_FROM") }
        guard let sender = EmailAddress(parsing: from) else {
            throw ConfigError.invalid(name: "APPNORTH_SMTP_FROM", value: from, reason: "expected an address such as Hub <hub@example.com>")
        }
        let user = value("APPNORTH_SMTP_USER")
        let password = value("APPNORTH_SMTP_PASSWORD")
        if password != nil, user == nil { throw ConfigError.missing(name: "APPNORTH_SMTP_USER") }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let base = try HubConfig.integer(
            value("APPNORTH_EMAIL_RETRY_BASE_S"), name: "APPNORTH_EMAIL_RETRY_BASE_S", default: 60, range: 0...3_600)
        return SMTPSettings(
            url: "\(scheme)://\(hostPart)" + (parts.port.map { ":\($0)" } ?? ""), security: security, user: user,
            password: password, from: sender, retryBase: TimeInterval(base))
    }
}
