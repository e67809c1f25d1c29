import Foundation
import HubMessaging
import HubRuntime

/// `get_ratings`: the app's public rating count and average per App Store country from the
/// Lookup API, with the history the hub observed itself (asod's `aso.ratings`: one observation
/// per app, country and UTC day, by this call or the daily `aso-ranks` pass). Nothing is
/// interpolated: a day the hub did not observe is absent, a value the provider did not give is null.
struct GetRatingsTool: MCPTool {
    let name = "get_ratings"
    let title = "Get ratings"
    let description = """
        The app's App Store rating count and average per country (two-letter App Store codes), today's from Apple's \
        Lookup API and the days the hub observed before, newest first. Without countries: the countries its keywords \
        are tracked in or that were asked before, else us. Asking for a country starts its daily observation. A missing \
        value is null, never zero; a day not observed is not listed. Needs the app's appStoreId (list_apps).
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.string("The app, from list_apps.", minLength: 1, maxLength: 64)),
                (
                    "countries",
                    MCPSchema.array(
                        MCPSchema.string("A two-letter App Store country, e.g. us.", minLength: 2, maxLength: 2),
                        "Countries to read, in this order.", minItems: 1, maxItems: ASORatingsGet.maximumCountries)
                ),
                (
                    "days",
                    MCPSchema.integer("Days of history, today included.", minimum: 1, maximum: ASORatingsGet.maximumDays, default: 30)
                ),
            ], required: ["app_id"])
    }

    static var observation: MCPJSON {
        MCPSchema.object(
            [
                ("day", MCPSchema.string("The UTC day observed, YYYY-MM-DD.")),
                ("observedAt", MCPSchema.string("When the Lookup API was read.")),
                ("ratingCount", MCPSchema.integer("Ratings in this country; null when Apple gave none.", nullable: true)),
                ("averageRating", MCPSchema.number("Average rating, 1-5; null when Apple gave none.", nullable: true)),
            ], required: ["day", "observedAt", "ratingCount", "averageRating"])
    }

    var outputSchema: MCPJSON {
        let territory = MCPSchema.object(
            [
                ("country", MCPSchema.string("The App Store country.")),
                (
                    "status",
                    MCPSchema.string(
                        "ok: observed today; not_found: Apple does not list the app there today; unavailable: Apple could not be read now.",
                        enum: ["ok", "not_found", "unavailable"])
                ),
                ("current", MCPSchema.nullable(GetRatingsTool.observation)),
                ("history", MCPSchema.array(GetRatingsTool.observation, "Observed days of the period, newest first.")),
            ], required: ["country", "status", "current", "history"])
        return MCPSchema.object(
            [
                ("appStoreId", MCPSchema.string("The App Store ID read.")),
                ("source", MCPSchema.string("Where the values come from.")),
                (
                    "period",
                    MCPSchema.object(
                        [("from", MCPSchema.string("First day, UTC.")), ("to", MCPSchema.string("Today, UTC."))], required: ["from", "to"])
                ),
                ("items", MCPSchema.array(territory, "One per country, in the order asked.")),
            ], required: ["appStoreId", "source", "period", "items"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let project = try context.operatorCall(context.services.projects.get, path: ["id": arguments.string("app_id") ?? ""])
        guard let appStoreId = project["appStoreId"]?.string else {
            throw MCPToolError.invalidInput(
                message: "The app has no appStoreId: import it from App Store Connect or set its App Store ID first.",
                fields: ["app_id": ["has no appStoreId"]])
        }
        let days = arguments.int("days", default: 30)
        let countries = arguments["countries"]?.array?.compactMap(\.string) ?? []
        let answer = try await context.rpc(
            .asod, ASORatingsGet.self, ASORatingsGet.Request(appStoreId: appStoreId, countries: countries, days: days), timeout: 60)
        if !answer.items.isEmpty, answer.items.allSatisfy({ $0.status == .unavailable && $0.history.isEmpty }) {
            throw MCPToolError.marketUnavailable(
                message: "Apple's Lookup API could not be read and no rating was observed before; retry later.")
        }
        let today = context.services.clock.now()
        let to = String(ISOTime.format(today).prefix(10))
        let from = String(ISOTime.format(today.addingTimeInterval(-Double(days - 1) * 86_400)).prefix(10))
        return [
            "appStoreId": .string(appStoreId), "source": .string(ASORatingsGet.source),
            "period": ["from": .string(from), "to": .string(to)],
            "items": try MCPJSON(encoding: answer.items),
        ]
    }
}
