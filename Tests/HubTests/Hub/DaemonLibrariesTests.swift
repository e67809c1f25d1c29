import Foundation
import TestSupport
import XCTest

/// Issue 19: only the daemon that decodes images and serves HTTP (ingest) loads libvips and
/// libmicrohttpd; each daemon links only the system libraries of the targets it uses.
final class DaemonLibrariesTests: XCTestCase {
    /// The libraries `daemon`'s executable (built next to the test bundle by
    /// `swift build --build-tests`) names, without their version suffix: `libvips`, `libzmq`, …
    private func libraries(of daemon: String) throws -> Set<String> {
        let candidates =
            [Bundle.main.bundleURL, Bundle(for: DaemonLibrariesTests.self).bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent(daemon).path }
            + [TestPython.packageRoot.appendingPathComponent(".build/debug/\(daemon)").path]
        let path = try XCTUnwrap(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
            "no \(daemon) executable in \(candidates); build it with `swift build --build-tests`")
        return Set(try ELFNeededLibraries.of(path).map { String($0.prefix { $0 != "." }) })
    }

    func testOnlyIngestLinksTheImageAndHTTPServerLibraries() throws {
        // Given the five daemons as built
        // When each executable's needed libraries are read
        let ingest = try libraries(of: "ingest")
        // Then ingest links libvips and libmicrohttpd, with the store, messaging and crypto
        XCTAssertTrue(ingest.isSuperset(of: ["libvips", "libmicrohttpd", "libsqlite3", "libzmq", "libcrypto"]), "\(ingest.sorted())")
        // And no other daemon links either
        for daemon in ["chatd", "pushd", "marketd", "asod"] {
            let linked = try libraries(of: daemon)
            XCTAssertTrue(linked.isSuperset(of: ["libsqlite3", "libzmq"]), "\(daemon): \(linked.sorted())")
            XCTAssertFalse(linked.contains("libvips"), "\(daemon): \(linked.sorted())")
            XCTAssertFalse(linked.contains("libmicrohttpd"), "\(daemon): \(linked.sorted())")
        }
    }

    func testOnlyTheDaemonsThatCallProvidersLinkLibcurl() throws {
        // Given the daemons that call outside providers (APNs, Apple's feeds, App Store Connect)
        // When each executable's needed libraries are read
        // Then those link libcurl
        for daemon in ["pushd", "marketd", "asod"] {
            let linked = try libraries(of: daemon)
            XCTAssertTrue(linked.contains("libcurl"), "\(daemon): \(linked.sorted())")
        }
        // And chatd and ingest, which call none, do not
        for daemon in ["chatd", "ingest"] {
            let linked = try libraries(of: daemon)
            XCTAssertFalse(linked.contains("libcurl"), "\(daemon): \(linked.sorted())")
        }
    }
}
