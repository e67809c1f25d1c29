/// Why a column a store must read could not be read; part of `StoreError.column`.
public enum ColumnProblem: Equatable, Sendable, CustomStringConvertible {
    /// The result has no column of that name (renamed, dropped or never selected).
    case missing
    /// The column is NULL where a value is required.
    case null
    /// The value is of another storage class; both are SQLite storage class names.
    case wrongType(expected: String, found: String)

    public var description: String {
        switch self {
        case .missing: return "is missing"
        case .null: return "is NULL"
        case .wrongType(let expected, let found): return "is \(found), not \(expected)"
        }
    }
}
