import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import IngestService

/// `ingest user add` (what `deploy/appnorth user add` runs): the first owner gets a one-time
/// setup link, whether or not the hub is running (docs/accounts.md, "The first owner").
final class UserAddCommandTests: XCTestCase {
    var admin: AdminClient?

    override func tearDown() { admin?.shutdown() }

    /// The built `ingest` executable, next to the test bundle or in `.build/debug`.
    func ingestExecutable() throws -> String {
        let candidates =
            [Bundle.main.bundleURL, Bundle(for: UserAddCommandTests.self).bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("ingest").path }
            + [TestPython.packageRoot.appendingPathComponent(".build/debug/ingest").path]
        return try XCTUnwrap(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
            "no ingest executable in \(candidates); build it with `swift build --build-tests`")
    }

    /// The code at the end of a link `…/invite/<code>`.
    func code(of link: String) throws -> String {
        let parts = link.components(separatedBy: "/invite/")
        XCTAssertEqual(parts.count, 2, link)
        return try XCTUnwrap(parts.last)
    }

    func testWhileTheHubRunsTheCommandPrintsALinkThatWorksOnce() throws {
        // Given a running hub with no one in it
        let admin = try AdminClient(environment: ["APPNORTH_PUBLIC_URL": "https://hub.example.com"])
        self.admin = admin
        // When the operator runs `ingest user add` as a separate process against its data directory
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ingestExecutable())
        process.arguments = ["user", "add", "--email", "Ann@Example.com", "--role", "owner"]
        process.environment = [
            "APPNORTH_DATA_DIR": admin.hub.config.dataDirectory, "APPNORTH_PUBLIC_URL": "https://hub.example.com",
            "PATH": "/usr/bin:/bin",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Then it prints one line, the link, which the running hub accepts once
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = printed.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1, printed)
        let link = try XCTUnwrap(lines.first)
        XCTAssertTrue(link.hasPrefix("https://hub.example.com/invite/"), link)
        let lookup = try XCTUnwrap(try admin.accounts.lookUp(code: try code(of: link)))
        XCTAssertEqual(lookup.email, "ann@example.com")
        XCTAssertEqual(lookup.role, .owner)
        let session = try admin.signedIn(try admin.accept(try code(of: link), name: "Ann", password: "correct horse battery")).session
        XCTAssertEqual(session.role, .owner)
        XCTAssertEqual(try admin.accept(try code(of: link), name: "Eve", password: "eve's long password"), .codeUnusable)
    }

    func testWithTheHubStoppedTheCommandMakesTheStoreAndTheHubThenAcceptsTheLink() throws {
        // Given a data directory no hub has used yet
        let directory = temporaryDirectoryPath("appnorth-useradd")
        var printed: [String] = []
        var said: [String] = []
        // When the command runs there with the listen address the hub will use
        let status = UserAddCommand.run(
            arguments: ["user", "add", "--email", "ann@example.com", "--role", "owner"],
            environment: ["APPNORTH_DATA_DIR": directory, "APPNORTH_HTTP_ADDR": "0.0.0.0:8080"],
            output: { printed.append($0) }, errors: { said.append($0) })
        // Then it prints a link to that address (a wildcard as loopback), valid once the hub starts
        XCTAssertEqual(status, 0, said.joined())
        let link = try XCTUnwrap(printed.first)
        XCTAssertTrue(link.hasPrefix("http://127.0.0.1:8080/invite/"), link)
        let admin = try AdminClient(environment: ["APPNORTH_DATA_DIR": directory])
        addTeardownBlock { admin.shutdown() }  // before the directory goes
        XCTAssertNoThrow(try admin.signedIn(try admin.accept(try code(of: link), name: "Ann", password: "correct horse battery")))
        XCTAssertEqual(try admin.call("GET", "/organization/members").items.first?["role"] as? String, "owner")
    }

    func testBadArgumentsAndUnknownOrganizationsAreRefused() throws {
        // Given an empty data directory
        let directory = temporaryDirectoryPath("appnorth-useradd")
        var said: [String] = []
        func run(_ arguments: [String]) -> Int32 {
            UserAddCommand.run(
                arguments: arguments, environment: ["APPNORTH_DATA_DIR": directory], output: { XCTFail("printed \($0)") },
                errors: { said.append($0) })
        }
        // When a role is missing or unknown, the email is not one, a flag repeats, or the organization does not exist
        // Then usage errors exit 2, the unknown organization 1, and nothing is printed on stdout
        XCTAssertEqual(run(["user", "add", "--email", "ann@example.com"]), 2)
        XCTAssertEqual(run(["user", "add", "--email", "ann@example.com", "--role", "boss"]), 2)
        XCTAssertEqual(run(["user", "add", "--email", "ann", "--role", "owner"]), 2)
        XCTAssertEqual(run(["user", "add", "--email", "a@example.com", "--email", "b@example.com", "--role", "owner"]), 2)
        XCTAssertEqual(run(["user", "add", "--email", "ann@example.com", "--role", "owner", "--org", "acme"]), 1)
        XCTAssertTrue(said.last?.contains("NOT_FOUND") ?? false, said.joined())
    }
}
