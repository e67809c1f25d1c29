import Foundation
import HubDaemon
import XCTest

@testable import HubRuntime
@testable import HubStore

/// The fake OpenAI-compatible API and a hub (ingest and asod against the fake App Store
/// Connect) whose imported app "Trails" has one synchronized review, written by a reviewer whose
/// nickname is an email address and answered earlier by a response naming them.
final class ReviewDraftFixture {
    static let nickname = "zeb.quietfox@example.net"
    static let reviewId = "7f3c2a1e-5d4b-4c3a-9e8f-draft0000001"
    static let reviews: [[String: Any]] = [
        [
            "id": reviewId, "rating": 2, "title": "Se cierra al exportar", "body": "La app se cierra cuando exporto un archivo GPX.",
            "reviewerNickname": nickname, "createdDate": "2026-11-20T10:00:00-07:00", "territory": "ESP",
            "response": [
                "id": "resp-quietfox-1", "responseBody": "Hola Zebulon, gracias por escribir.",
                "lastModifiedDate": "2026-11-21T10:00:00-07:00", "state": "PUBLISHED",
            ],
        ]
    ]

    let openAI: FakeOpenAI
    private(set) var asc: ASCFixture!
    private(set) var projectId: String!

    /// `ai` false starts the hub without `APPNORTH_AI_*`: drafting off.
    init(ai: Bool = true) throws {
        openAI = try FakeOpenAI()
        do {
            asc = try ASCFixture(
                apps: [["id": "1450000001", "name": "Trails", "bundleId": "com.example.trails", "reviews": Self.reviews]],
                environment: ai ? openAI.environment() : [:])
            projectId = try XCTUnwrap(asc.connectAndImport(["1450000001"]).first)
            XCTAssertEqual(try asc.call("POST", "/projects/\(projectId!)/reviews/sync").status, 200)
        } catch {
            shutdown()
            throw error
        }
    }

    func shutdown() {
        asc?.shutdown()
        openAI.stop()
    }

    private var asod: DaemonContext { asc.hub.daemons[.asod]!.context }

    /// Drafts counted in asod's store, every organization and month together.
    func used() throws -> Int {
        try asod.store.scalar("SELECT COALESCE(SUM(used), 0) FROM review_draft_usage").intValue ?? -1
    }

    /// The operator's organization has used `count` drafts in the current UTC month.
    func setUsed(_ count: Int) throws {
        try asod.store.run(
            "INSERT OR REPLACE INTO review_draft_usage (organization_id, month, used) VALUES (?, ?, ?)",
            [.text(try asc.organizationId()), .text(String(ISOTime.format(asod.clock.now()).prefix(7))), .int(Int64(count))])
    }

    /// Now, as asod's clock says.
    var now: Date { asod.clock.now() }
}
