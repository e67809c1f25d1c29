import Foundation
import HubCrypto

/// The SHA-256 (hex) of voter tokens seen lately. A device sends its token with every request,
/// and hashing it again each time cost about 6,600 instructions a request, some 3% of what
/// ingest spends on a chat message. At most `capacity` tokens are kept; a full table starts
/// over, so a flood of new tokens costs what it did without the table.
final class VoterTokenHashes: @unchecked Sendable {
    let capacity: Int
    private let lock = NSLock()
    private var hashes: [String: String] = [:]

    init(capacity: Int = 4096) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// `SHA256.hex(token)`.
    func hash(_ token: String) -> String {
        if let known = lock.withLock({ hashes[token] }) { return known }
        let computed = SHA256.hex(token)
        lock.withLock {
            if hashes.count >= capacity { hashes.removeAll(keepingCapacity: true) }
            hashes[token] = computed
        }
        return computed
    }

    /// Tokens held now.
    var count: Int { lock.withLock { hashes.count } }
}
