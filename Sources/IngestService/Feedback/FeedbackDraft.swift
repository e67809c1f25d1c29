import Foundation
import HubRuntime

/// A report that passed validation and sanitization, ready to store.
struct FeedbackDraft {
    static let types: Set<String> = ["problem", "suggestion", "comment"]
    static let categories: Set<String> = ["console", "error", "network", "breadcrumb"]
    static let levels: Set<String> = ["debug", "info", "warn", "error"]
    static let deviceTypes: Set<String> = ["phone", "tablet", "desktop", "tv", "unknown"]
    static let maxDiagnostics = InputLimits.diagnostics
    static let maxDiagnosticMessage = InputLimits.diagnosticMessage
    static let maxMetadataKeys = InputLimits.diagnosticMetadataKeys
    static let maxMetadataLength = InputLimits.diagnosticMetadataLength
    static let maxTimestamp = 64
    static let maxLocale = 35
    static let maxUserAgent = 512
    static let maxViewport = InputLimits.feedbackViewport
    static let maxDeviceField = InputLimits.deviceContextField

    var type: String
    var message: String
    var email: String?
    var pageURL: String
    var pageTitle: String?
    var locale: String?
    var viewportWidth: Int
    var viewportHeight: Int
    var userAgent: String?
    /// JSON object text, or nil without device context.
    var deviceContext: String?
    /// JSON array text.
    var diagnostics: String

    /// The device context's fields by name (`appVersion`, `operatingSystem`, …); empty without one.
    var deviceFields: [String: String] {
        guard let deviceContext, let object = try? JSONSerialization.jsonObject(with: Data(deviceContext.utf8)) else { return [:] }
        return object as? [String: String] ?? [:]
    }

    /// Validates every field at once (400 `INVALID_PAYLOAD` with all field errors) and
    /// sanitizes the free text and diagnostics.
    static func validate(_ body: FeedbackRequestBody) throws -> FeedbackDraft {
        var errors = FieldErrors()
        if body.type == nil {
            errors.add("type", "is required")
        } else if !types.contains(body.type!) {
            errors.add("type", "must be one of problem, suggestion, comment")
        }
        let message = errors.text(body.message, "message", InputLimits.feedbackMessage)
        let pageURL = validURL(body.pageURL, &errors)
        let pageTitle = errors.text(body.pageTitle, "pageTitle", 0...InputLimits.feedbackPageTitle, required: false)
        let email = validEmail(body.email, &errors)
        let locale = errors.text(body.locale, "locale", 0...maxLocale, required: false)
        let userAgent = errors.text(body.userAgent, "userAgent", 0...maxUserAgent, required: false)
        var width = 0
        var height = 0
        if let viewport = body.viewport {
            for (name, value) in [("width", viewport.width), ("height", viewport.height)] {
                guard let value else {
                    errors.add("viewport." + name, "is required")
                    continue
                }
                guard value > 0 && value <= maxViewport else {
                    errors.add("viewport." + name, "must be 1-\(maxViewport)")
                    continue
                }
                if name == "width" { width = value } else { height = value }
            }
        } else {
            errors.add("viewport", "is required")
        }
        let device = deviceContextJSON(body.deviceContext, &errors)
        checkDiagnostics(body.diagnostics ?? [], &errors)
        // Every length is checked before any text is sanitized, so a refused body costs no
        // more than measuring it.
        try errors.throwIfAny()
        let diagnostics = diagnosticsJSON(body.diagnostics ?? [])
        return FeedbackDraft(
            type: body.type!, message: FeedbackSanitizer.sanitize(message!), email: email, pageURL: pageURL!,
            pageTitle: pageTitle.flatMap { $0.isEmpty ? nil : FeedbackSanitizer.sanitize($0) },
            locale: locale.flatMap { $0.isEmpty ? nil : $0 }, viewportWidth: width, viewportHeight: height,
            userAgent: userAgent.flatMap { $0.isEmpty ? nil : $0 }, deviceContext: device, diagnostics: diagnostics)
    }

    /// An absolute http(s) URL of at most 2,048 characters; secret-named query values redacted.
    static func validURL(_ raw: String?, _ errors: inout FieldErrors) -> String? {
        guard let raw else {
            errors.add("pageURL", "is required")
            return nil
        }
        guard raw.utf16.count <= InputLimits.feedbackPageURL else {
            errors.add("pageURL", "must be at most \(InputLimits.feedbackPageURL) characters")
            return nil
        }
        guard let components = URLComponents(string: raw), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            errors.add("pageURL", "must be an absolute http or https URL")
            return nil
        }
        guard let query = components.percentEncodedQuery, let mark = raw.firstIndex(of: "?") else { return raw }
        let redacted = Redactor.redactQuery(query)
        if redacted == query { return raw }
        let fragment = components.percentEncodedFragment.map { "#" + $0 } ?? ""
        return String(raw[..<mark]) + "?" + redacted + fragment
    }

    /// A plausible address of at most 320 characters, trimmed; empty counts as absent.
    static func validEmail(_ raw: String?, _ errors: inout FieldErrors) -> String? {
        guard let raw else { return nil }
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if email.isEmpty { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf16.count <= InputLimits.email, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: { $0.isWhitespace })
        else {
            errors.add("email", "must be a valid email address of at most \(InputLimits.email) characters")
            return nil
        }
        return email
    }

    /// Whitespace runs become one space, then at most 120 characters.
    static func flatten(_ s: String) -> String {
        String(s.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ").prefix(maxDeviceField))
    }

    static func deviceContextJSON(_ context: FeedbackRequestBody.DeviceContext?, _ errors: inout FieldErrors) -> String? {
        guard let context else { return nil }
        if let type = context.deviceType, !deviceTypes.contains(type) {
            errors.add("deviceContext.deviceType", "must be one of phone, tablet, desktop, tv, unknown")
        }
        let fields: [(String, String?)] = [
            ("appName", context.appName), ("appVersion", context.appVersion),
            ("buildVersion", context.buildVersion), ("deviceModel", context.deviceModel),
            ("deviceType", context.deviceType), ("operatingSystem", context.operatingSystem),
            ("systemVersion", context.systemVersion),
        ]
        var out = "{"
        var first = true
        for (name, value) in fields {
            guard let value else { continue }
            let flat = flatten(value)
            if flat.isEmpty { continue }
            if !first { out += "," }
            first = false
            JSONText.appendString(name, to: &out)
            out += ":"
            JSONText.appendString(flat, to: &out)
        }
        return first ? nil : out + "}"
    }

    static func checkDiagnostics(_ diagnostics: [FeedbackRequestBody.Diagnostic], _ errors: inout FieldErrors) {
        if diagnostics.count > maxDiagnostics { errors.add("diagnostics", "must have at most \(maxDiagnostics) entries") }
        for (i, entry) in diagnostics.prefix(maxDiagnostics).enumerated() {
            let field = "diagnostics[\(i)]"
            if let category = entry.category {
                if !categories.contains(category) { errors.add(field + ".category", "must be one of console, error, network, breadcrumb") }
            } else {
                errors.add(field + ".category", "is required")
            }
            if let level = entry.level, !levels.contains(level) { errors.add(field + ".level", "must be one of debug, info, warn, error") }
            if let timestamp = entry.timestamp, timestamp.utf16.count > maxTimestamp {
                errors.add(field + ".timestamp", "must be at most \(maxTimestamp) characters")
            }
            if let message = entry.message {
                if message.utf16.count > maxDiagnosticMessage {
                    errors.add(field + ".message", "must be at most \(maxDiagnosticMessage) characters")
                }
            } else {
                errors.add(field + ".message", "is required")
            }
            if let metadata = entry.metadata {
                if metadata.count > maxMetadataKeys { errors.add(field + ".metadata", "must have at most \(maxMetadataKeys) keys") }
                var raw = ""
                FeedbackJSONValue.object(sortedMembers(metadata)).appendJSON(to: &raw)
                if raw.utf16.count > maxMetadataLength {
                    errors.add(field + ".metadata", "must be at most \(maxMetadataLength) characters as JSON")
                }
            }
        }
    }

    /// The diagnostics as stored, a JSON array with messages and metadata sanitized; for
    /// entries that passed `checkDiagnostics`.
    static func diagnosticsJSON(_ diagnostics: [FeedbackRequestBody.Diagnostic]) -> String {
        var out = "["
        for (i, entry) in diagnostics.enumerated() {
            if i > 0 { out += "," }
            out += "{\"category\":"
            JSONText.appendString(entry.category ?? "", to: &out)
            if let level = entry.level {
                out += ",\"level\":"
                JSONText.appendString(level, to: &out)
            }
            out += ",\"message\":"
            JSONText.appendString(FeedbackSanitizer.sanitize(entry.message ?? ""), to: &out)
            if let timestamp = entry.timestamp {
                out += ",\"timestamp\":"
                JSONText.appendString(timestamp, to: &out)
            }
            if let metadata = entry.metadata {
                out += ",\"metadata\":"
                FeedbackSanitizer.sanitize(.object(sortedMembers(metadata))).appendJSON(to: &out)
            }
            out += "}"
        }
        return out + "]"
    }

    private static func sortedMembers(_ metadata: [String: FeedbackJSONValue]) -> [(String, FeedbackJSONValue)] {
        metadata.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
