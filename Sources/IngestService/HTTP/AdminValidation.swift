import Foundation

/// Field rules of the operator API, recorded into `FieldErrors` so one response names every
/// problem.
enum AdminValidation {
    static let maxOrigins = 50
    static let maxLanguages = 20
    static let projectName = 1...100
    static let organizationName = 1...100
    static let tokenName = 1...100
    static let boardName = 1...80
    static let boardDescription = 0...500
    static let statusLabel = 1...40

    /// `[a-z0-9][a-z0-9-]{0,62}`.
    static func isSlug(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...63).contains(bytes.count), isLowerAlnum(bytes[0]) else { return false }
        return bytes.allSatisfy { isLowerAlnum($0) || $0 == 45 }
    }

    static func slug(_ value: String?, _ field: String, into errors: inout FieldErrors, required: Bool = true) -> String? {
        guard let value else {
            if required { errors.add(field, "is required") }
            return nil
        }
        guard isSlug(value) else {
            errors.add(field, "must be 1-63 of a-z, 0-9 and '-', starting with a letter or digit")
            return nil
        }
        return value
    }

    /// `#RRGGBB`, returned in upper case.
    static func color(_ value: String?, _ field: String, into errors: inout FieldErrors, required: Bool = true) -> String? {
        guard let value else {
            if required { errors.add(field, "is required") }
            return nil
        }
        let bytes = Array(value.utf8)
        guard bytes.count == 7, bytes[0] == 35, bytes.dropFirst().allSatisfy(isHexDigit) else {
            errors.add(field, "must be a color #RRGGBB")
            return nil
        }
        return value.uppercased()
    }

    /// A value of `allowed`, else an error listing them.
    static func choice<T: RawRepresentable & CaseIterable>(
        _ value: String?, _ type: T.Type, _ field: String,
        into errors: inout FieldErrors
    ) -> T? where T.RawValue == String {
        guard let value else { return nil }
        guard let parsed = T(rawValue: value) else {
            errors.add(field, "must be one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
            return nil
        }
        return parsed
    }

    /// Origins as browsers send them: `http(s)://host[:port]`, no path and no trailing
    /// slash. Scheme and host are lowercased; duplicates are dropped.
    static func origins(_ values: [String]?, _ field: String, into errors: inout FieldErrors) -> [String]? {
        guard let values else { return nil }
        if values.count > maxOrigins { errors.add(field, "must have at most \(maxOrigins) entries") }
        var out: [String] = []
        for (index, value) in values.enumerated() {
            guard let origin = normalizedOrigin(value) else {
                errors.add("\(field)[\(index)]", "must be scheme://host[:port] with scheme http or https, without path or trailing slash")
                continue
            }
            if !out.contains(origin) { out.append(origin) }
        }
        return out
    }

    static func normalizedOrigin(_ value: String) -> String? {
        let lower = value.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https" } else if lower.hasPrefix("http://") { scheme = "http" } else { return nil }
        let rest = Substring(lower.dropFirst(scheme.count + 3))
        var host = rest
        var port: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[...close]
            let inner = host.dropFirst().dropLast()
            guard !inner.isEmpty, inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
        } else {
            if let colon = rest.firstIndex(of: ":") {
                host = rest[..<colon]
                port = rest[rest.index(after: colon)...]
            }
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            guard !host.isEmpty, host.utf8.count <= 253,
                labels.allSatisfy({ label in
                    !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                        && label.utf8.allSatisfy { isLowerAlnum($0) || $0 == 45 }
                })
            else { return nil }
        }
        if let port {
            guard (1...5).contains(port.count), port.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let number = Int(port), (1...65535).contains(number)
            else { return nil }
        }
        return scheme + "://" + host + (port.map { ":" + $0 } ?? "")
    }

    /// BCP-47-like tags (`en`, `pt-BR`, `zh-Hant-TW`), at least one and at most 20; duplicates dropped.
    static func languages(_ values: [String]?, _ field: String, into errors: inout FieldErrors) -> [String]? {
        guard let values else { return nil }
        if values.isEmpty { errors.add(field, "must have at least one entry") }
        if values.count > maxLanguages { errors.add(field, "must have at most \(maxLanguages) entries") }
        var out: [String] = []
        for (index, value) in values.enumerated() {
            guard isLanguageTag(value) else {
                errors.add("\(field)[\(index)]", "must be a language tag such as en or pt-BR")
                continue
            }
            if !out.contains(value) { out.append(value) }
        }
        return out
    }

    static func isLanguageTag(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.count <= 4
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// An App Store ID: 1-20 digits.
    static func isAppStoreId(_ value: String) -> Bool {
        (1...20).contains(value.utf8.count) && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    private static func isLowerAlnum(_ c: UInt8) -> Bool { (c >= 97 && c <= 122) || (c >= 48 && c <= 57) }
    private static func isHexDigit(_ c: UInt8) -> Bool { (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102) }
}
