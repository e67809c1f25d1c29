import Foundation
import TestSupport
import XCTest

@testable import HubDaemon
@testable import HubRuntime

final class ObjectStoreLocalDirectoryTests: XCTestCase {
    var root = ""
    var store: LocalDirectoryObjectStore!

    override func setUp() {
        root = temporaryDirectoryPath("appnorth-objects")
        store = LocalDirectoryObjectStore(root: root)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0, path)
        return info.st_mode & 0o777
    }

    func testPutGetExistsDeleteRoundTrip() throws {
        // Given an empty store
        XCTAssertFalse(try store.exists(key: "screenshots/p1/a.png"))
        XCTAssertNil(try store.get(key: "screenshots/p1/a.png"))
        // When an object is stored, then replaced
        try store.put(key: "screenshots/p1/a.png", bytes: [1, 2, 3], contentType: "image/png")
        try store.put(key: "screenshots/p1/a.png", bytes: [4, 5], contentType: "image/png")
        // Then the last bytes are read back, and delete removes it (twice without error)
        XCTAssertTrue(try store.exists(key: "screenshots/p1/a.png"))
        XCTAssertEqual(try store.get(key: "screenshots/p1/a.png"), [4, 5])
        try store.delete(key: "screenshots/p1/a.png")
        try store.delete(key: "screenshots/p1/a.png")
        XCTAssertFalse(try store.exists(key: "screenshots/p1/a.png"))
    }

    func testLargeObjectsRoundTripAndNoTempFilesRemain() throws {
        // Given 1 MB of varied bytes
        let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        // When stored
        try store.put(key: "big/blob.bin", bytes: bytes, contentType: "application/octet-stream")
        // Then they read back intact and only the object is in its directory
        XCTAssertEqual(try store.get(key: "big/blob.bin"), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/big"), ["blob.bin"])
    }

    func testFilesAre0600AndDirectories0700() throws {
        // When an object is written two directories deep
        try store.put(key: "a/b/c.webp", bytes: [9], contentType: "image/webp")
        // Then nobody but the owner can read it or list its directories
        XCTAssertEqual(mode(root + "/a/b/c.webp"), 0o600)
        XCTAssertEqual(mode(root + "/a/b"), 0o700)
        XCTAssertEqual(mode(root + "/a"), 0o700)
    }

    func testUnsafeKeysAreRefusedWithoutTouchingTheDisk() throws {
        // Given keys that could escape the root or clash with temp files
        let bad = [
            "", "../x", "a/../../x", "/etc/passwd", "a//b", "a/", "A.png", "a/.tmp-1", "a b", "a\\b", ".hidden",
            "a/./b", String(repeating: "a", count: 513),
        ]
        for key in bad {
            // When any operation uses them, then it throws invalidKey
            XCTAssertThrowsError(try store.put(key: key, bytes: [1], contentType: "x")) {
                XCTAssertEqual($0 as? ObjectStoreError, .invalidKey(key), key)
            }
            XCTAssertThrowsError(try store.get(key: key))
            XCTAssertThrowsError(try store.delete(key: key))
            XCTAssertThrowsError(try store.exists(key: key))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root))
        // And ordinary keys are fine
        for key in ["screenshots/0192abcd-ef/0193.png", "a.b_c-d/e", "x"] { XCTAssertTrue(ObjectKey.isValid(key), key) }
    }

    func testObjectStoreDirectoryDefaultsUnderTheDataDirectory() throws {
        // Given a config with a data directory
        let config = try HubConfig(environment: ["APPNORTH_DATA_DIR": "/var/lib/appnorth"], currentDirectory: "/")
        // Then objects default to <data>/objects and the variable overrides it
        XCTAssertEqual(config.objectStoreDirectory, "/var/lib/appnorth/objects")
        XCTAssertEqual(
            try HubConfig(environment: ["APPNORTH_OBJECT_STORE_DIR": "/srv/objects"], currentDirectory: "/").objectStoreDirectory,
            "/srv/objects")
        XCTAssertEqual(
            try HubConfig(environment: ["APPNORTH_FEEDBACK_RATE_PER_MIN": "5"], currentDirectory: "/").feedbackRequestsPerMinute, 5)
        XCTAssertThrowsError(try HubConfig(environment: ["APPNORTH_FEEDBACK_RATE_PER_MIN": "0"], currentDirectory: "/"))
    }
}
