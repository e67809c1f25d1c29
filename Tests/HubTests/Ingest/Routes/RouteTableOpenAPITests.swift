import Foundation
import TestSupport
import XCTest

@testable import HubHTTPServer
@testable import IngestService

/// ingest's route tables and `docs/openapi.yaml` list the same operations, so neither side can
/// gain a route the other lacks.
final class RouteTableOpenAPITests: XCTestCase {
    var hub: HubHarness?

    override func tearDown() { hub?.shutdown() }

    /// Every line of every table of a running ingest.
    func tableLines() throws -> [RouteLine] {
        let hub = try HubHarness()
        self.hub = hub
        try hub.start([.ingest])
        return try XCTUnwrap(hub.app).routes.lines
    }

    func document() throws -> OpenAPIOperations {
        let url = TestPython.packageRoot.appendingPathComponent("docs/openapi.yaml")
        return OpenAPIOperations(yaml: try String(contentsOf: url, encoding: .utf8))
    }

    func operations(_ lines: [RouteLine]) -> OpenAPIOperations {
        OpenAPIOperations(lines.map { ($0.method, $0.path) })
    }

    func testTheRouteTablesAndTheOpenAPIDocumentListTheSameOperations() throws {
        // Given every line of the hub's, the SDK's and the operator's tables, and the document
        let tables = operations(try tableLines())
        let document = try document()
        // When they are compared
        let mismatch = OpenAPIOperations.mismatch(tables: tables, document: document)
        // Then neither lists an operation the other lacks
        if let mismatch { XCTFail(mismatch) }
        // And both were read: an operation of each audience is on each side
        for known in [
            OpenAPIOperations.Operation("GET", "/healthz"), .init("POST", "/api/v1/ideas/{handle}/comments"),
            .init("POST", "/api/admin/v1/projects/{id}/boards"),
        ] {
            XCTAssertTrue(tables.operations.contains(known), "\(known) in the tables")
            XCTAssertTrue(document.operations.contains(known), "\(known) in the document")
        }
    }

    func testARouteAddedToATableAloneIsNamedAsMissingFromTheDocument() throws {
        // Given the real tables with one more line the document does not describe
        let lines = try tableLines()
        let extra = RouteLine.hubSync("GET", "/undocumented/{id}", { _ in HTTPResponse(status: 204) }, body: .serverDefault)
        // When they are compared with the document
        let mismatch = OpenAPIOperations.mismatch(tables: operations(lines + [extra]), document: try document())
        // Then the comparison fails naming that line, and only it
        XCTAssertEqual(
            mismatch,
            "in a route table but not in docs/openapi.yaml: [\"GET /undocumented/{}\"]; "
                + "in docs/openapi.yaml but in no route table: []")
    }

    func testAnOperationAddedToTheDocumentAloneIsNamedAsMissingFromTheTables() throws {
        // Given the real document with one more operation on a path it has, and one on a new path
        let url = TestPython.packageRoot.appendingPathComponent("docs/openapi.yaml")
        let yaml = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: "\npaths:\n", with: "\npaths:\n  /api/v1/boards/{boardId}/archive:\n    post:\n      summary: x\n")
            .replacingOccurrences(of: "\n  /version:\n", with: "\n  /version:\n    delete:\n      summary: x\n")
        // When the real tables are compared with it
        let mismatch = OpenAPIOperations.mismatch(tables: operations(try tableLines()), document: OpenAPIOperations(yaml: yaml))
        // Then the comparison fails naming both
        XCTAssertEqual(
            mismatch,
            "in a route table but not in docs/openapi.yaml: []; "
                + "in docs/openapi.yaml but in no route table: [\"POST /api/v1/boards/{}/archive\", \"DELETE /version\"]")
    }

    func testPathKeysAreReadAtTwoSpacesAndMethodKeysAtFourUnderPathsOnly() {
        // Given a document with comments, a quoted path, parameters beside the methods, a
        // method name deeper in a schema, a HEAD beside a GET and a `get` key outside `paths:`
        let yaml = """
            openapi: 3.1.0
            paths:
              # ---- a comment ----
              /api/v1/ideas/{handle}:
                parameters:
                  - name: handle
                get:
                  responses:
                    "200":
                      content:
                        post: {}
                head:
                  summary: implied by the GET
              "/api/v1/ideas/{handle}/vote":
                put:
                  summary: vote
                options:
                  summary: preflight
            components:
              /not/a/path:
                get: {}
            """
        // When it is read
        let read = OpenAPIOperations(yaml: yaml)
        // Then it holds the path's GET, the vote's PUT and OPTIONS, and nothing else
        XCTAssertEqual(
            read.operations,
            [
                .init("GET", "/api/v1/ideas/{x}"), .init("PUT", "/api/v1/ideas/{handle}/vote"),
                .init("OPTIONS", "/api/v1/ideas/{y}/vote"),
            ])
    }

    func testParameterNamesDoNotMatterButTheirPlaceDoes() {
        // Given a table and a document naming the same parameters differently
        let tables = OpenAPIOperations([("GET", "/api/admin/v1/projects/{id}/boards"), ("head", "/a/{id}"), ("get", "/a/{id}")])
        let document = OpenAPIOperations([("GET", "/api/admin/v1/projects/{projectId}/boards"), ("GET", "/a/{name}")])
        // When they are compared, and when a parameter moves to another segment
        let same = OpenAPIOperations.mismatch(tables: tables, document: document)
        let moved = OpenAPIOperations.mismatch(
            tables: OpenAPIOperations([("GET", "/api/admin/v1/projects/boards/{id}")]),
            document: OpenAPIOperations([("GET", "/api/admin/v1/projects/{id}/boards")]))
        // Then the first pair agrees (the HEAD implied by the GET left out) and the second does not
        XCTAssertNil(same)
        XCTAssertEqual(
            moved,
            "in a route table but not in docs/openapi.yaml: [\"GET /api/admin/v1/projects/boards/{}\"]; "
                + "in docs/openapi.yaml but in no route table: [\"GET /api/admin/v1/projects/{}/boards\"]")
    }
}
