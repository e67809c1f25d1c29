/// Request headers in arrival order with case-insensitive lookup: `headers["content-type"]`.
public struct HTTPHeaders: Sequence {
    public private(set) var entries: [(name: String, value: String)]
    /// `key(of:)` of each entry's name: a lookup compares names only where these agree. A
    /// request's handling looks up about a dozen names among its headers, and comparing every
    /// pair of names cost about 7,000 instructions a request.
    private var keys: [UInt32]

    public init(_ entries: [(name: String, value: String)] = []) {
        self.entries = entries
        keys = entries.map { Self.key(of: $0.name) }
    }

    /// The first value of `name`, or nil.
    public subscript(name: String) -> String? {
        let key = Self.key(of: name)
        for index in keys.indices where keys[index] == key && Self.equalsIgnoringASCIICase(entries[index].name, name) {
            return entries[index].value
        }
        return nil
    }

    /// Every value of `name` in arrival order.
    public func values(_ name: String) -> [String] {
        let key = Self.key(of: name)
        return keys.indices.filter { keys[$0] == key && Self.equalsIgnoringASCIICase(entries[$0].name, name) }.map {
            entries[$0].value
        }
    }

    /// Room for `count` entries, so that appending that many allocates each array once (grown
    /// from empty, eight headers cost four allocations of each).
    public mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        keys.reserveCapacity(count)
    }

    public mutating func append(name: String, value: String) {
        entries.append((name, value))
        keys.append(Self.key(of: name))
    }

    /// A name's UTF-8 length and its first and last bytes in ASCII lower case: names equal
    /// ignoring ASCII case have equal keys.
    static func key(of name: String) -> UInt32 {
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            return UInt32(truncatingIfNeeded: bytes.count) << 16 | UInt32(lower(first)) << 8 | UInt32(lower(last))
        }
    }

    /// `byte` with A-Z lowered, every other byte as it is.
    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte | 0x20 : byte }

    public var count: Int { entries.count }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { entries.makeIterator() }

    /// Header names are ASCII; comparing bytes avoids building lowercased copies per lookup,
    /// and comparing them in place avoids stepping through a `String.UTF8View` (about 25
    /// instructions a byte, some 4,500 a request).
    static func equalsIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
        // Native strings know their UTF-8 length: most names differ there already.
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for index in 0..<x.count where x[index] != y[index] && lower(x[index]) != lower(y[index]) { return false }
                return true
            }
        }
    }
}
