import HubCrypto
import HubHTTPClient
import HubHTTPServer
import HubMessaging
import HubRuntime
import HubStore
import XCTest

final class LibraryLinkTests: XCTestCase {
    func testEveryLinkedLibraryReportsItsVersion() {
        // When the hub asks each system library, through the target that wraps it, for its version
        let versions = [
            "zmq": AppNorth.zeroMQVersion, "sqlite": AppNorth.sqliteVersion, "curl": AppNorth.curlVersion,
            "microhttpd": AppNorth.microHTTPDVersion, "crypto": AppNorth.libCryptoVersion,
        ]
        // Then all five are linked and are the majors the hub was written for
        for (library, version) in versions {
            XCTAssertTrue(version.first?.isNumber == true || library == "crypto", "\(library): \(version)")
        }
        XCTAssertTrue(versions["zmq"]!.hasPrefix("4."))
        XCTAssertTrue(versions["sqlite"]!.hasPrefix("3."))
        XCTAssertTrue(versions["crypto"]!.contains("OpenSSL 3"))
    }
}
