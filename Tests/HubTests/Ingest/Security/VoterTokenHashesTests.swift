import HubCrypto
import XCTest

@testable import IngestService

final class VoterTokenHashesTests: XCTestCase {
    func testEveryTokenHashesAsSHA256AndTheTableStaysWithinItsCapacity() {
        // Given a table of 64 tokens at most
        let hashes = VoterTokenHashes(capacity: 64)
        // When 300 tokens are hashed, each three times over, interleaved
        let tokens = (0..<300).map { "voter-token-\($0)-" + String(repeating: "x", count: $0 % 40) }
        for round in 0..<3 {
            for token in tokens.shuffled() {
                // Then each answer is the token's SHA-256, whether held or not
                XCTAssertEqual(hashes.hash(token), SHA256.hex(token), "round \(round)")
                XCTAssertLessThanOrEqual(hashes.count, 64)
            }
        }
        // And hashing a token the table holds adds nothing to it
        let last = tokens[7]
        _ = hashes.hash(last)
        let held = hashes.count
        XCTAssertEqual(hashes.hash(last), SHA256.hex(last))
        XCTAssertEqual(hashes.count, held)
    }

    func testConcurrentCallersAllGetTheRightHash() {
        let hashes = VoterTokenHashes(capacity: 16)
        DispatchQueue.concurrentPerform(iterations: 2_000) { i in
            let token = "concurrent-token-\(i % 40)"
            XCTAssertEqual(hashes.hash(token), SHA256.hex(token))
        }
        XCTAssertLessThanOrEqual(hashes.count, 16)
    }
}
