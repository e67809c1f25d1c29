import HubMessaging

/// `get_metadata`: the editable version's metadata per locale, read from App Store Connect
/// through the operator API's `GET /projects/{id}/metadata`.
struct GetMetadataTool: MCPTool {
    let name = "get_metadata"
    let title = "Get metadata"
    let description = """
        The App Store metadata of the app's current version, per locale: name, subtitle, keywords, promotional text, \
        description and what's new (null where Apple has no value), and whether the version is editable. With locale, \
        only that localization. keywordBytes is the keywords field's size in UTF-8 bytes (Apple allows 100).
        """

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [("app_id", MCPSchema.appId), ("locale", MCPSchema.locale("Only this localization."))], required: ["app_id"])
    }

    static var localization: MCPJSON {
        MCPSchema.object(
            [
                ("locale", MCPSchema.string("The localization's locale.")),
                ("fields", MCPSchema.metadataFields),
                ("keywordBytes", MCPSchema.integer("UTF-8 bytes of keywords (0 when none).")),
            ], required: ["locale", "fields", "keywordBytes"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("versionId", MCPSchema.string("App Store Connect's version ID.", nullable: true)),
                ("versionString", MCPSchema.string("The version, e.g. 2.1.", nullable: true)),
                ("versionState", MCPSchema.string("Its App Store state.", nullable: true)),
                ("editable", MCPSchema.boolean("Whether the version takes changes (update_metadata).")),
                ("localizations", MCPSchema.array(GetMetadataTool.localization, "The localizations.")),
            ], required: ["versionId", "versionString", "versionState", "editable", "localizations"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let document = try await GetMetadataTool.read(arguments, context)
        var localizations = document["localizations"]?.array ?? []
        if let locale = arguments.string("locale") {
            localizations = [try GetMetadataTool.localization(locale, in: document)]
        }
        return [
            "versionId": document["versionId"] ?? .null, "versionString": document["versionString"] ?? .null,
            "versionState": document["versionState"] ?? .null, "editable": document["editable"] ?? false,
            "localizations": .array(localizations.map(GetMetadataTool.withBytes)),
        ]
    }

    /// The operator API's metadata document of `app_id` (`ASCMetadataDocument`).
    static func read(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        try await context.operatorCall(context.services.metadata.read, path: ["id": arguments.string("app_id") ?? ""])
    }

    /// The localization of `locale`; NOT_FOUND when the version has none.
    static func localization(_ locale: String, in document: MCPJSON) throws -> MCPJSON {
        guard let found = document["localizations"]?.array?.first(where: { $0["locale"]?.string == locale }) else {
            let known = (document["localizations"]?.array ?? []).compactMap { $0["locale"]?.string }.joined(separator: ", ")
            throw MCPToolError.notFound(message: "The version has no \(locale) localization (it has: \(known)).")
        }
        return found
    }

    /// Every field present (null where absent), in the operator API's order.
    static func fields(_ localization: MCPJSON) -> MCPJSON {
        .object(ASCMetadataFields.all.map { ($0, localization["fields"]?[$0] ?? .null) })
    }

    static func withBytes(_ localization: MCPJSON) -> MCPJSON {
        let fields = GetMetadataTool.fields(localization)
        return [
            "locale": localization["locale"] ?? "", "fields": fields,
            "keywordBytes": .int(fields["keywords"]?.string?.utf8.count ?? 0),
        ]
    }
}
