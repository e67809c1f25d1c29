import XCTest
@testable import Shared

final class LibraryLinkTests: XCTestCase {
    func testEveryLinkedLibraryReportsItsVersion() {
        // When the hub asks each system library for its version
        let versions = AppNorth.libraryVersions
        // Then all five are linked and are the majors the hub was written for
        XCTAssertEqual(Set(versions.keys), ["zmq", "sqlite", "curl", "microhttpd", "crypto"])
        XCTAssertTrue(versions["zmq"]!.hasPrefix("4."))
        XCTAssertTrue(versions["sqlite"]!.hasPrefix("3."))
        XCTAssertTrue(versions["crypto"]!.contains("OpenSSL 3"))
    }
}
