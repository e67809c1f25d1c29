/// One result row. Accessors return nil for NULL, for a missing column and for a value of
/// another storage class; the throwing ones in `Row+Required.swift` read columns that must
/// hold a value.
public struct Row: Equatable, Sendable {
    let layout: RowLayout
    /// The values in column order.
    public let values: [SQLValue]

    init(layout: RowLayout, values: [SQLValue]) {
        self.layout = layout
        self.values = values
    }

    /// A row built by hand, for tests and fakes; `table` is the one its errors name.
    public init(columns: [String], values: [SQLValue], table: String? = nil) {
        precondition(columns.count == values.count, "a row needs one value per column")
        self.init(layout: RowLayout(columns: columns, origins: columns.map { _ in table }), values: values)
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
