import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// Plans, monthly credits and daily profile reads (the seed's "Permisos y planes de mercado"
/// and "Créditos mensuales"), through the server with tools that declare each access.
final class MCPMeterTests: XCTestCase {
    var f: MCPFixture!

    override func tearDown() { f?.shutdown() }

    /// A tool of the given access that answers `{"ok":true}`, or fails NOT_FOUND when asked.
    struct MeteredTool: MCPTool {
        let name: String
        let title = "Metered"
        let description = "A tool for the meter's tests."
        let kind: MCPAccess

        var inputSchema: MCPJSON { MCPSchema.object([("missing", MCPSchema.boolean("Fail with NOT_FOUND."))]) }
        var outputSchema: MCPJSON {
            MCPSchema.object(
                [("ok", MCPSchema.boolean("Done.")), ("credits", MCPSchema.credits), ("daily", MCPSchema.daily)], required: ["ok"])
        }
        func access(_ arguments: MCPArguments) -> MCPAccess { kind }
        func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
            if arguments.bool("missing", default: false) { throw MCPToolError.notFound(message: "No such app.") }
            return ["ok": true]
        }
    }

    var server: MCPServer!
    var caller: AdminCaller!

    func start(credits: Int?, plan: String) throws {
        f = try MCPFixture(environment: credits.map { ["APPNORTH_STUDIO_MONTHLY_CREDITS": String($0)] } ?? [:], apps: 2)
        try f.market.setPlan(plan)
        server = f.server(tools: [
            MeteredTool(name: "studio_read", kind: .marketStudio), MarketGetAppTool(),
            MeteredTool(name: "basic_read", kind: .marketBasic), MeteredTool(name: "app_read", kind: .app),
        ])
        caller = try f.caller()
    }

    /// `tools/call` of `name`; the structured content and isError.
    func call(_ name: String, _ arguments: MCPJSON = [:], as who: AdminCaller? = nil) throws -> (MCPJSON, Bool) {
        let reply = try XCTUnwrap(
            try server.answer(
                ["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": .string(name), "arguments": arguments]],
                caller: who ?? caller))
        let result = try XCTUnwrap(reply["result"], reply.text)
        return (try XCTUnwrap(result["structuredContent"]), result["isError"] == .bool(true))
    }

    func testStudioReadsReserveACreditEachUntilTheMonthsAllocationIsSpent() throws {
        // Given a Studio organization with 2 credits a month, on 2026-11-20
        try start(credits: 2, plan: "studio")
        // When it reads three times, the second a read of something missing
        let (first, firstFailed) = try call("studio_read")
        let (missing, missingFailed) = try call("studio_read", ["missing": true])
        let (third, thirdFailed) = try call("studio_read")
        // Then the first reserves one credit, the missing read keeps its cost, the third is refused
        XCTAssertFalse(firstFailed)
        XCTAssertEqual(
            first["credits"],
            [
                "period": "2026-11", "limit": 2, "used": 1, "remaining": 1, "cost": 1, "unlimited": false,
                "resets_at": "2026-12-01T00:00:00.000Z",
            ])
        XCTAssertTrue(missingFailed)
        XCTAssertEqual(missing["error"]?["code"], "NOT_FOUND")
        XCTAssertEqual(try f.store.mcpCreditsUsed(organizationId: caller.organizationId, period: "2026-11"), 2)
        XCTAssertTrue(thirdFailed)
        XCTAssertEqual(third["error"]?["code"], "API_CREDITS_EXHAUSTED")
        XCTAssertEqual(third["credits"]?["remaining"], 0)
        XCTAssertEqual(third["credits"]?["cost"], 0)
        // And refusals for validation or plan cost nothing; free reads cost nothing either
        let invalid = try XCTUnwrap(
            try server.answer(
                ["jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": ["name": "studio_read", "arguments": ["nope": 1]]],
                caller: caller))
        XCTAssertEqual(invalid["error"]?["code"], -32602)
        XCTAssertNil(try call("app_read").0["credits"])
        XCTAssertEqual(try f.store.mcpCreditsUsed(organizationId: caller.organizationId, period: "2026-11"), 2)
        // And on the first of the next month at 00:00 UTC the credits come back, not a moment before
        f.clock.set(ISOTime.parse("2026-11-30T23:59:59.999Z")!)
        XCTAssertTrue(try call("studio_read").1)
        f.clock.set(ISOTime.parse("2026-12-01T00:00:00.000Z")!)
        let renewed = try call("studio_read")
        XCTAssertFalse(renewed.1)
        XCTAssertEqual(renewed.0["credits"]?["period"], "2026-12")
        XCTAssertEqual(renewed.0["credits"]?["used"], 1)
    }

    func testTheDefaultAllocationOfZeroRefusesStudioReadsAndSelfHostedIsUnlimited() throws {
        // Given Studio with no credits configured (the seed's current allocation is zero)
        try start(credits: nil, plan: "studio")
        // When it reads the basic catalog and the studio data
        let basic = try call("basic_read")
        let studio = try call("studio_read")
        // Then both are API_CREDITS_EXHAUSTED with a limit of 0, taking nothing
        XCTAssertEqual(basic.0["error"]?["code"], "API_CREDITS_EXHAUSTED")
        XCTAssertEqual(studio.0["credits"]?["limit"], 0)
        XCTAssertEqual(studio.0["credits"]?["used"], 0)
        // And the same organization self-hosted reads without limit, counted
        try f.market.setPlan("selfhosted")
        let unlimited = try call("studio_read")
        XCTAssertFalse(unlimited.1)
        XCTAssertEqual(unlimited.0["credits"]?["unlimited"], true)
        XCTAssertEqual(unlimited.0["credits"]?["limit"], .null)
        XCTAssertEqual(unlimited.0["credits"]?["remaining"], .null)
        XCTAssertEqual(unlimited.0["credits"]?["used"], 1)
    }

    func testFreeAndProGetTenProfileReadsADaySharedByTheirTokensAndTheDashboard() throws {
        // Given a Pro organization, a second token of it, and a catalog app
        try start(credits: 5, plan: "pro")
        let other = try f.caller(try f.createToken(name: "second", scope: "read"))
        let slug: MCPJSON = ["slug": .string(MarketHubFixture.ids([1])[0])]
        // When it reads one profile through the operator API as the dashboard does, then nine
        // through MCP, alternating tokens
        XCTAssertEqual(try f.call("GET", "/market/apps/" + (slug["slug"]?.string ?? "")).status, 200)
        var remaining: [MCPJSON?] = []
        for i in 0..<9 {
            let (result, failed) = try call("market_get_app", slug, as: i % 2 == 0 ? caller : other)
            XCTAssertFalse(failed, "\(result)")
            XCTAssertNil(result["credits"])
            remaining.append(result["daily"]?["remaining"])
        }
        let eleventh = try call("market_get_app", slug, as: other)
        // Then each says what is left of the one allowance they share, and the eleventh read of
        // the day is DAILY_APP_LIMIT until 00:00 UTC
        XCTAssertEqual(remaining, (0..<9).map { .int(8 - $0) })
        XCTAssertTrue(eleventh.1)
        XCTAssertEqual(eleventh.0["error"]?["code"], "DAILY_APP_LIMIT")
        XCTAssertEqual(eleventh.0["daily"], ["limit": 10, "remaining": 0, "resets_at": "2026-11-21T00:00:00.000Z"])
        // And the basic catalog stays free, while Studio data is PLAN_REQUIRED studio
        XCTAssertFalse(try call("basic_read").1)
        let studio = try call("studio_read")
        XCTAssertEqual(studio.0["error"]?["code"], "PLAN_REQUIRED")
        XCTAssertEqual(studio.0["error"]?["required_plan"], "studio")
        // And a day later there are ten again
        f.clock.set(ISOTime.parse("2026-11-20T23:59:59.999Z")!)
        XCTAssertTrue(try call("market_get_app", slug).1)
        f.clock.set(ISOTime.parse("2026-11-21T00:00:00.000Z")!)
        XCTAssertEqual(try call("market_get_app", slug).0["daily"]?["remaining"], 9)
    }
}
