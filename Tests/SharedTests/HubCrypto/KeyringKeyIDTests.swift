import Foundation
import XCTest

@testable import HubCrypto

/// Key IDs a backup's manifest carries, and the file digest it records.
final class KeyringKeyIDTests: XCTestCase {
    private let keyA = String(repeating: "11", count: 32)
    private let keyB = String(repeating: "22", count: 32)

    func testTheSameKeyHasTheSameIDAndAnotherKeyOfTheSameVersionDoesNot() throws {
        // Given two hubs' generated keyrings, both version v1
        let first = try Keyring(spec: "v1:" + keyA)
        let again = try Keyring(spec: "v1:" + keyA)
        let other = try Keyring(spec: "v1:" + keyB)
        // Then the ID tells the keys apart, not the version
        XCTAssertEqual(first.keyIDs, again.keyIDs)
        XCTAssertNotEqual(first.keyIDs, other.keyIDs)
        XCTAssertTrue(first.keyIDs[0].hasPrefix("v1:"))
        XCTAssertEqual(first.keyIDs[0].count, "v1:".count + 16)
    }

    func testIDsFollowTheKeyringsOrderAndHoldNoKey() throws {
        let keyring = try Keyring(spec: "v2:\(keyB),v1:\(keyA)")
        XCTAssertEqual(keyring.keyIDs.map { String($0.prefix(3)) }, ["v2:", "v1:"])
        XCTAssertEqual(keyring.keyIDs[1], try Keyring(spec: "v1:" + keyA).keyIDs[0])
        for id in keyring.keyIDs {
            XCTAssertFalse(keyA.contains(id.dropFirst(3)) || keyB.contains(id.dropFirst(3)), id)
        }
    }

    func testAFilesDigestMatchesTheDigestOfItsBytesAcrossTheReadChunk() throws {
        let path = NSTemporaryDirectory() + "sha256-file-" + UUID().uuidString
        defer { unlink(path) }
        // 1 MiB is the read chunk: one byte short of it, exactly it, and one byte past it
        for count in [0, (1 << 20) - 1, 1 << 20, (1 << 20) + 1] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try SHA256.hexOfFile(path), SHA256.hex(bytes), "\(count) bytes")
        }
        XCTAssertThrowsError(try SHA256.hexOfFile(path + "-none"), "a missing file is an error, not the empty digest")
    }
}
