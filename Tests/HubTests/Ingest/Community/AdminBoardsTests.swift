import Foundation
import XCTest

@testable import IngestService

final class AdminBoardsTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        projectId = try admin.createProject()
    }

    override func tearDown() { admin?.shutdown() }

    private func board(_ slug: String) throws -> Board {
        try XCTUnwrap(admin.store.boards(projectId: projectId).first { $0.slug == slug })
    }

    func testCreateBoardWithOwnStatusesPoliciesAndModeration() throws {
        // When a board is created with its own statuses (none marked default) and policies
        let created = try admin.call(
            "POST", "/projects/\(projectId!)/boards",
            json: [
                "slug": "bugs", "name": "Bugs", "description": "Things that break", "moderation": "ideas",
                "policies": ["submission": "identified", "comment": "disabled"],
                "statuses": [
                    ["slug": "new", "label": "New", "color": "#aabbcc"],
                    ["slug": "fixed", "label": "Fixed", "color": "#00FF00", "isFinal": true],
                ],
            ])
        // Then it is the Board shape, second in order, with the first status as default
        XCTAssertEqual(created.status, 201, "\(created.json)")
        XCTAssertEqual(Set(created.json.keys), ["id", "slug", "name", "description", "position", "moderation", "policies", "statuses"])
        XCTAssertEqual(created.json["position"] as? Int, 1)
        XCTAssertEqual(
            created.json["policies"] as? [String: String], ["submission": "identified", "vote": "anyone", "comment": "disabled"])
        let bugs = try board("bugs")
        XCTAssertEqual(bugs.moderation, .ideas)
        XCTAssertEqual(bugs.statuses.map(\.slug), ["new", "fixed"])
        XCTAssertEqual(bugs.statuses.map(\.color), ["#AABBCC", "#00FF00"])
        XCTAssertEqual(bugs.statuses.map(\.isDefault), [true, false])
        // And the slug is taken within the project, and invalid boards name every field
        let again = try admin.call("POST", "/projects/\(projectId!)/boards", json: ["slug": "bugs", "name": "Again"])
        XCTAssertEqual(again.status, 409)
        XCTAssertEqual(again.code, "SLUG_TAKEN")
        let invalid = try admin.call(
            "POST", "/projects/\(projectId!)/boards",
            json: [
                "slug": "Bad Slug", "name": "", "moderation": "some", "policies": ["vote": "everyone"],
                "statuses": [
                    ["slug": "a", "label": "A", "color": "#FFFFFF", "isDefault": true, "isFinal": true],
                    ["slug": "b", "label": "B", "color": "#000000", "isDefault": true],
                    ["slug": "c", "label": "C", "color": "red"],
                ],
            ])
        XCTAssertEqual(invalid.status, 400)
        XCTAssertEqual(
            Set(invalid.fields.keys),
            ["slug", "name", "moderation", "policies.vote", "statuses", "statuses[0].isFinal", "statuses[2].color"])
        XCTAssertEqual(try admin.store.boards(projectId: projectId).count, 2)
    }

    func testPatchBoardAndOrderBoards() throws {
        // Given a second board
        XCTAssertEqual(
            try admin.call(
                "POST", "/projects/\(projectId!)/boards",
                json: [
                    "slug": "bugs", "name": "Bugs",
                    "description": "x",
                ]
            ).status, 201)
        let ideas = try board("ideas")
        let bugs = try board("bugs")
        // When it is edited and the boards reordered
        let patched = try admin.call(
            "PATCH", "/boards/\(bugs.id)",
            json: [
                "name": "Bug reports", "description": NSNull(),
                "moderation": "all", "policies": ["vote": "disabled"],
            ])
        let ordered = try admin.call("POST", "/projects/\(projectId!)/boards/order", json: ["boardIds": [bugs.id, ideas.id]])
        let partial = try admin.call("POST", "/projects/\(projectId!)/boards/order", json: ["boardIds": [bugs.id]])
        // Then only the given fields change and the order is the new one
        XCTAssertEqual(patched.status, 200)
        let after = try board("bugs")
        XCTAssertEqual(after.name, "Bug reports")
        XCTAssertNil(after.description)
        XCTAssertEqual(after.moderation, .all)
        XCTAssertEqual(after.policies, BoardPolicies(submission: .anyone, vote: .disabled, comment: .anyone))
        XCTAssertEqual((ordered.json["boards"] as? [[String: Any]])?.map { $0["slug"] as? String }, ["bugs", "ideas"])
        XCTAssertEqual(try admin.store.boards(projectId: projectId).map(\.slug), ["bugs", "ideas"])
        XCTAssertEqual(partial.status, 400)
        XCTAssertEqual(Set(partial.fields.keys), ["boardIds"])
    }

    func testStatusesKeepOneDefaultThatIsNotFinal() throws {
        let ideas = try board("ideas")
        // When a new status is created as the default
        let created = try admin.call(
            "POST", "/boards/\(ideas.id)/statuses",
            json: [
                "slug": "triage", "label": "Triage",
                "color": "#123abc", "isDefault": true,
            ])
        // Then it is appended, and the old default is no longer default
        XCTAssertEqual(created.status, 201, "\(created.json)")
        XCTAssertEqual(created.json["position"] as? Int, 5)
        XCTAssertEqual(created.json["color"] as? String, "#123ABC")
        XCTAssertEqual(try board("ideas").statuses.filter(\.isDefault).map(\.slug), ["triage"])
        let triage = try XCTUnwrap(created.json["id"] as? String)
        let open = try XCTUnwrap(ideas.statuses.first { $0.slug == "open" }?.id)
        // And the default cannot be un-defaulted, made final, or take a used slug
        let undefault = try admin.call("PATCH", "/statuses/\(triage)", json: ["isDefault": false])
        XCTAssertEqual(undefault.status, 409)
        XCTAssertEqual(undefault.code, "DEFAULT_STATUS_REQUIRED")
        XCTAssertEqual(try admin.call("PATCH", "/statuses/\(triage)", json: ["isFinal": true]).status, 400)
        XCTAssertEqual(try admin.call("PATCH", "/statuses/\(triage)", json: ["slug": "open"]).code, "SLUG_TAKEN")
        XCTAssertEqual(
            try admin.call(
                "POST", "/boards/\(ideas.id)/statuses",
                json: ["slug": "open", "label": "O", "color": "#000000"]
            ).code, "SLUG_TAKEN")
        // When `open` becomes the default again through PATCH
        let back = try admin.call("PATCH", "/statuses/\(open)", json: ["isDefault": true, "label": "Open ideas"])
        XCTAssertEqual(back.status, 200)
        XCTAssertEqual(try board("ideas").statuses.filter(\.isDefault).map(\.label), ["Open ideas"])
    }

    func testOrderAndDeleteStatuses() throws {
        let ideas = try board("ideas")
        let id = { (slug: String) in ideas.statuses.first { $0.slug == slug }!.id }
        // Given an idea in `planned`
        let idea = try admin.insertIdea(projectId: projectId, title: "Widgets")
        try admin.store.db.run("UPDATE ideas SET status_id = ? WHERE id = ?", [.text(id("planned")), .text(idea)])
        // When statuses are reordered
        let order = ["declined", "done", "in-progress", "planned", "open"].map(id)
        let ordered = try admin.call("POST", "/boards/\(ideas.id)/statuses/order", json: ["statusIds": order])
        XCTAssertEqual(
            (ordered.json["statuses"] as? [[String: Any]])?.map { $0["slug"] as? String },
            ["declined", "done", "in-progress", "planned", "open"])
        XCTAssertEqual(
            try admin.call("POST", "/boards/\(ideas.id)/statuses/order", json: ["statusIds": Array(order.dropLast())]).status, 400)
        // Then a used status and the default cannot be deleted, an unused one can
        let used = try admin.call("DELETE", "/statuses/\(id("planned"))")
        XCTAssertEqual(used.status, 409)
        XCTAssertEqual(used.code, "STATUS_IN_USE")
        let defaultOne = try admin.call("DELETE", "/statuses/\(id("open"))")
        XCTAssertEqual(defaultOne.status, 409)
        XCTAssertEqual(defaultOne.code, "STATUS_IN_USE")
        XCTAssertEqual(try admin.call("DELETE", "/statuses/\(id("declined"))").status, 204)
        XCTAssertEqual(try board("ideas").statuses.map(\.slug), ["done", "in-progress", "planned", "open"])
        XCTAssertEqual(try admin.call("DELETE", "/statuses/\(id("declined"))").status, 404)
    }
}
