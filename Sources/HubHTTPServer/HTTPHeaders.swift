/// Request headers in arrival order with case-insensitive lookup: `headers["content-type"]`.
public struct HTTPHeaders: Sequence {
    public private(set) var entries: [(name: String, value: String)]

    public init(_ entries: [(name: String, value: String)] = []) { self.entries = entries }

    /// The first value of `name`, or nil.
    public subscript(name: String) -> String? {
        for entry in entries where Self.equalsIgnoringASCIICase(entry.name, name) { return entry.value }
        return nil
    }

    /// Every value of `name` in arrival order.
    public func values(_ name: String) -> [String] {
        entries.filter { Self.equalsIgnoringASCIICase($0.name, name) }.map(\.value)
    }

    public mutating func append(name: String, value: String) { entries.append((name, value)) }

    public var count: Int { entries.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { entries.makeIterator() }

    /// Header names are ASCII; comparing bytes avoids building lowercased copies per lookup.
    static func equalsIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        // Native strings know their UTF-8 length: most names differ there already.
        guard a.utf8.count == b.utf8.count else { return false }
        var ai = a.utf8.makeIterator()
        var bi = b.utf8.makeIterator()
        while true {
            switch (ai.next(), bi.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                if x == y { continue }
                let lx = (x >= 65 && x <= 90) ? x | 0x20 : x
                let ly = (y >= 65 && y <= 90) ? y | 0x20 : y
                if lx != ly { return false }
            default: return false
            }
        }
    }
}
