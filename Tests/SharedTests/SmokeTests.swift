import XCTest
@testable import Shared

final class LibraryLinkTests: XCTestCase {
    func testEveryLinkedLibraryReportsItsVersion() {
        let versions = AppNorth.libraryVersions
        XCTAssertEqual(Set(versions.keys), ["zmq", "sqlite", "curl", "microhttpd", "crypto"])
        XCTAssertTrue(versions["zmq"]!.hasPrefix("4."))
        XCTAssertTrue(versions["crypto"]!.contains("OpenSSL 3"))
    }
}
