/// Column names of one result set, shared by all its rows.
final class RowLayout: Sendable {
    let columns: [String]
    private let exact: [String: Int]
    private let folded: [String: Int]

    init(columns: [String]) {
        self.columns = columns
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        // The first column of a name wins, as in `SELECT a.id, b.id`.
        for (i, name) in columns.enumerated() {
            if exact[name] == nil { exact[name] = i }
            if folded[name.lowercased()] == nil { folded[name.lowercased()] = i }
        }
        self.exact = exact
        self.folded = folded
    }

    /// SQLite column names are case-insensitive, so a differently cased name still finds its column.
    func index(of name: String) -> Int? { exact[name] ?? folded[name.lowercased()] }
}

/// One result row. Accessors return nil for NULL, for a missing column and for a value of
/// another storage class.
public struct Row: Equatable, Sendable {
    let layout: RowLayout
    /// The values in column order.
    public let values: [SQLValue]

    init(layout: RowLayout, values: [SQLValue]) {
        self.layout = layout
        self.values = values
    }

    /// A row built by hand, for tests and fakes.
    public init(columns: [String], values: [SQLValue]) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.init(layout: RowLayout(columns: columns), values: values)
    }

    /// Column names in result order.
    public var columns: [String] { layout.columns }

    /// Whether the result has a column of this name.
    public func has(_ name: String) -> Bool { layout.index(of: name) != nil }

    /// The value of a column, `.null` when the column does not exist.
    public subscript(_ name: String) -> SQLValue { layout.index(of: name).map { values[$0] } ?? .null }

    /// The value at a position, `.null` when out of range.
    public subscript(_ index: Int) -> SQLValue { values.indices.contains(index) ? values[index] : .null }

    public func string(_ name: String) -> String? { self[name].stringValue }
    public func string(_ index: Int) -> String? { self[index].stringValue }
    public func int(_ name: String) -> Int? { self[name].intValue }
    public func int(_ index: Int) -> Int? { self[index].intValue }
    public func int64(_ name: String) -> Int64? { self[name].int64Value }
    public func int64(_ index: Int) -> Int64? { self[index].int64Value }
    public func double(_ name: String) -> Double? { self[name].doubleValue }
    public func double(_ index: Int) -> Double? { self[index].doubleValue }
    public func bool(_ name: String) -> Bool? { self[name].boolValue }
    public func bool(_ index: Int) -> Bool? { self[index].boolValue }
    public func blob(_ name: String) -> [UInt8]? { self[name].blobValue }
    public func blob(_ index: Int) -> [UInt8]? { self[index].blobValue }

    public static func == (a: Row, b: Row) -> Bool { a.columns == b.columns && a.values == b.values }
}
