/// Reads of columns that must hold a value: a missing column, NULL or a value of another
/// storage class throws `StoreError.column` naming the table and column, so a schema the
/// code does not expect fails the one request instead of the daemon. The optional accessors
/// stay for nullable columns. Conversions are those of the optional accessors.
extension Row {
    public func text(_ name: String) throws -> String { try required(name, "text") { $0.stringValue } }
    public func text(_ index: Int) throws -> String { try required(index, "text") { $0.stringValue } }
    public func integer(_ name: String) throws -> Int64 { try required(name, "integer") { $0.int64Value } }
    public func integer(_ index: Int) throws -> Int64 { try required(index, "integer") { $0.int64Value } }
    public func real(_ name: String) throws -> Double { try required(name, "real") { $0.doubleValue } }
    public func real(_ index: Int) throws -> Double { try required(index, "real") { $0.doubleValue } }
    public func flag(_ name: String) throws -> Bool { try required(name, "integer") { $0.boolValue } }
    public func flag(_ index: Int) throws -> Bool { try required(index, "integer") { $0.boolValue } }
    public func bytes(_ name: String) throws -> [UInt8] { try required(name, "blob") { $0.blobValue } }
    public func bytes(_ index: Int) throws -> [UInt8] { try required(index, "blob") { $0.blobValue } }

    private func required<T>(_ name: String, _ expected: String, _ convert: (SQLValue) -> T?) throws -> T {
        let index = layout.index(of: name)
        let value = index.map { values[$0] } ?? .null
        if let result = convert(value) { return result }
        throw layout.error(column: name, at: index, value: value, expected: expected)
    }

    private func required<T>(_ index: Int, _ expected: String, _ convert: (SQLValue) -> T?) throws -> T {
        let value = self[index]
        if let result = convert(value) { return result }
        let found = values.indices.contains(index) ? index : nil
        throw layout.error(column: found.map { layout.columns[$0] } ?? "#\(index)", at: found, value: value, expected: expected)
    }
}
