extension Keyring {
    /// A name for each key that a backup can carry and a restore can compare, sealing version
    /// first: `<version>:<16 hex>`, the start of an HMAC of a fixed label under the key. Every
    /// generated keyring's version is `v1`, so the version alone cannot tell two hubs' keys
    /// apart; the MAC does, and says nothing about the key.
    public var keyIDs: [String] {
        entries.map { entry in
            entry.version + ":" + Hex.encode(Array(HMACSHA256.mac(key: entry.key, message: "appnorth keyring key id").prefix(8)))
        }
    }
}
