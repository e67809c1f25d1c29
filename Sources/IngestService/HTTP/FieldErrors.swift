import Foundation
import HubHTTPServer
import HubRuntime

/// Collects every problem of a request before answering, so a client sees all its field
/// errors at once: `{"title": ["must be 4-140 characters"], …}`.
public struct FieldErrors {
    public private(set) var fields: [String: [String]] = [:]

    public init() {}

    public var isEmpty: Bool { fields.isEmpty }

    public mutating func add(_ field: String, _ message: String) {
        fields[field, default: []].append(message)
    }

    /// A trimmed text field whose UTF-16 length must lie in `range`. Returns nil (and records
    /// the error) when it is missing but required, or out of range.
    public mutating func text(_ value: String?, _ field: String, _ range: ClosedRange<Int>, required: Bool = true) -> String? {
        guard let raw = value else {
            if required { add(field, "is required") }
            return nil
        }
        let trimmed = raw.trimmingWhitespace()
        let length = trimmed.utf16.count
        if length < range.lowerBound || length > range.upperBound {
            add(
                field,
                range.lowerBound == 0
                    ? "must be at most \(range.upperBound) characters"
                    : "must be \(range.lowerBound)-\(range.upperBound) characters")
            return nil
        }
        return trimmed
    }

    /// 400 `INVALID_PAYLOAD` with every field error, or nothing when all is well.
    public func throwIfAny() throws {
        if !isEmpty { throw APIError.invalidPayload(fields) }
    }

    /// 400 `INVALID_QUERY` with every parameter error, or nothing.
    public func throwIfAnyInQuery() throws {
        if !isEmpty { throw APIError.invalidQuery(fields) }
    }
}
