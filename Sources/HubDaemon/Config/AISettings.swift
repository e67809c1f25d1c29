import Foundation
import HubRuntime

/// The OpenAI-compatible provider that drafts review replies (`APPNORTH_AI_URL`,
/// `APPNORTH_AI_KEY`, `APPNORTH_AI_MODEL`, `APPNORTH_AI_TIMEOUT_S`). Without a URL drafting is off
/// and a draft answers `AI_NOT_CONFIGURED`.
///
/// The URL is the API's base (`https://api.openai.com/v1`); asod posts to
/// `<base>/chat/completions`. The key travels only in the `Authorization` header: it is never
/// logged, printed or answered.
public struct AISettings: Sendable, Equatable, CustomStringConvertible {
    /// The base URL without a trailing slash.
    public var url: String
    /// The Bearer key; nil for a provider that takes none (a local model server).
    public var key: String?
    public var model: String
    /// Longest wait for one draft, connect included (default 30 s).
    public var timeout: TimeInterval

    public var description: String {
        "AISettings(url: \(Redactor.redactQuery(url)), model: \(model), key: " + (key == nil ? "none" : "[redacted]")
            + ", timeout: \(Int(timeout)) s)"
    }

    /// The settings in `value`'s variables, nil when `APPNORTH_AI_URL` is unset.
    public static func fromEnvironment(_ value: (String) -> String?) throws -> AISettings? {
        guard let raw = value("APPNORTH_AI_URL") else { return nil }
        let url = raw.hasSuffix("/") ? String(raw.dropLast()) : raw
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = parts.host, !host.isEmpty, parts.query == nil, parts.fragment == nil
        else {
            throw ConfigError.invalid(
                name: "APPNORTH_AI_URL", value: Redactor.redactQuery(raw),
                reason: "expected the http(s) base URL of an OpenAI-compatible API, such as https://api.openai.com/v1")
        }
        if parts.user != nil || parts.password != nil {
            throw ConfigError.invalid(name: "APPNORTH_AI_URL", value: "[redacted]", reason: "the key belongs in APPNORTH_AI_KEY")
        }
        guard let model = value("APPNORTH_AI_MODEL") else { throw ConfigError.missing(name: "APPNORTH_AI_MODEL") }
        guard model.utf8.count <= 200 else {
            throw ConfigError.invalid(name: "APPNORTH_AI_MODEL", value: String(model.prefix(40)), reason: "at most 200 bytes")
        }
        let timeout = try HubConfig.integer(value("APPNORTH_AI_TIMEOUT_S"), name: "APPNORTH_AI_TIMEOUT_S", default: 30, range: 1...300)
        return AISettings(url: url, key: value("APPNORTH_AI_KEY"), model: model, timeout: TimeInterval(timeout))
    }
}
