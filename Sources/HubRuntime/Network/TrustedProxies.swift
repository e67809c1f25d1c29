/// The reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` the hub believes
/// (`APPNORTH_TRUSTED_PROXIES`). From any other peer those headers are ignored: a client
/// cannot choose the address its rate limits are keyed on.
public struct TrustedProxies: Sendable, Equatable {
    public let ranges: [IPAddressRange]

    public init(_ ranges: [IPAddressRange] = []) { self.ranges = ranges }

    /// Parses a comma-separated list of addresses and CIDR ranges; a failure names the bad entry.
    public static func parse(_ list: String) -> Result<TrustedProxies, InvalidEntry> {
        var ranges: [IPAddressRange] = []
        for raw in list.split(separator: ",") {
            let entry = raw.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty { continue }
            guard let range = IPAddressRange(entry) else { return .failure(InvalidEntry(entry: entry)) }
            ranges.append(range)
        }
        return .success(TrustedProxies(ranges))
    }

    public struct InvalidEntry: Error, Equatable {
        public let entry: String
    }

    public var isEmpty: Bool { ranges.isEmpty }

    public func isTrusted(_ ip: String) -> Bool {
        guard !ranges.isEmpty, let (bytes, _) = IPAddressRange.parse(ip) else { return false }
        return ranges.contains { $0.contains(bytes: bytes) }
    }

    /// The client behind `peer`: when the peer is trusted, the right-most address of the
    /// `X-Forwarded-For` values (all headers, in order) that is not itself a trusted proxy.
    /// A hop that is not an address ends the walk at the last trusted one, so garbage never
    /// becomes a rate-limit key. Linear in the header's length.
    public func clientAddress(peer: String, forwardedFor values: [String]) -> String {
        guard !values.isEmpty, isTrusted(peer) else { return peer }
        var client = peer
        for value in values.reversed() {
            for hop in value.split(separator: ",").reversed() {
                let address = hop.trimmingCharacters(in: .whitespaces)
                guard IPAddressRange.parse(address) != nil else { return client }
                client = address
                if !isTrusted(address) { return client }
            }
        }
        return client
    }

    /// `https` or `http` as the trusted proxy says in `X-Forwarded-Proto`; nil when the peer is
    /// not trusted or did not say.
    public func forwardedScheme(peer: String, forwardedProto: String?) -> String? {
        guard let forwardedProto, isTrusted(peer) else { return nil }
        let last = forwardedProto.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return last == "https" || last == "http" ? last : nil
    }
}
