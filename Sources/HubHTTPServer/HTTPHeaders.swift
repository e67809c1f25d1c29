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

    public mutating func append(name: String, value: String) {
        entries.append((name, value))
        keys.append(Self.key(of: name))
    }

    /// A name's UTF-8 length and its first and last bytes in ASCII lower case: names equal
    /// ignoring ASCII case have equal keys.
    static func key(of name: String) -> UInt32 {
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        func lower(_ byte: UInt8) -> UInt32 { UInt32(byte >= 65 && byte <= 90 ? byte | 0x20 : byte) }
        return UInt32(truncatingIfNeeded: utf8.count) << 16 | lower(first) << 8 | lower(last)
    }

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
