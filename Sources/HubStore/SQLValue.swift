import Foundation
import HubRuntime

/// A value bound to, or read from, SQLite: one case per storage class.
/// Booleans are stored as integers 0/1 and dates as ISO-8601 text, as SQLite has neither.
public enum SQLValue: Equatable, Hashable, Sendable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral
{
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .int(value ? 1 : 0) }
}

extension SQLValue {
    /// `.text`, or `.null` when nil.
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    /// `.int`, or `.null` when nil.
    public init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    /// `.int`, or `.null` when nil.
    public init(_ value: Int64?) { self = value.map { .int($0) } ?? .null }
    /// `.double`, or `.null` when nil.
    public init(_ value: Double?) { self = value.map { .double($0) } ?? .null }
    /// `.int(1)` or `.int(0)`.
    public init(_ value: Bool) { self = .int(value ? 1 : 0) }
    /// `.int(1)`, `.int(0)`, or `.null` when nil.
    public init(_ value: Bool?) { self = value.map { .int($0 ? 1 : 0) } ?? .null }
    /// `.blob`, or `.null` when nil.
    public init(_ value: [UInt8]?) { self = value.map { .blob($0) } ?? .null }
    /// `.blob`, or `.null` when nil.
    public init(_ value: Data?) { self = value.map { .blob([UInt8]($0)) } ?? .null }
    /// ISO-8601 text (`ISOTime.format`), or `.null` when nil.
    public init(_ value: Date?) { self = value.map { .text(ISOTime.format($0)) } ?? .null }
}

extension SQLValue {
    public var isNull: Bool { self == .null }

    /// SQLite's name for the storage class, as `typeof()` answers it.
    public var storageClass: String {
        switch self {
        case .null: return "null"
        case .int: return "integer"
        case .double: return "real"
        case .text: return "text"
        case .blob: return "blob"
        }
    }

    /// The integer, also from a double holding an exact integer; nil otherwise.
    public var int64Value: Int64? {
        switch self {
        case .int(let v): return v
        case .double(let d): return Int64(exactly: d)
        default: return nil
        }
    }

    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The double, also from an integer.
    public var doubleValue: Double? {
        switch self {
        case .double(let d): return d
        case .int(let v): return Double(v)
        default: return nil
        }
    }

    /// The text; nil for every other storage class (no silent number formatting).
    public var stringValue: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    public var blobValue: [UInt8]? {
        if case .blob(let b) = self { return b }
        return nil
    }

    /// Non-zero integers are true.
    public var boolValue: Bool? { int64Value.map { $0 != 0 } }
}
