/// JSON Schema values for tools' `inputSchema` and `outputSchema`, written the same way by every
/// tool. Only the keywords `MCPSchemaValidator` checks are made here, so what a schema promises
/// about arguments is what the hub enforces.
enum MCPSchema {
    /// An object with exactly these properties (`additionalProperties: false`).
    /// `open` allows members not listed: for results that pass an operator API shape through,
    /// which may gain members; arguments are always closed.
    static func object(_ properties: [(String, MCPJSON)], required: [String] = [], description: String? = nil, open: Bool = false)
        -> MCPJSON
    {
        var out: [(String, MCPJSON)] = [("type", "object")]
        if let description { out.append(("description", .string(description))) }
        out.append(("properties", .object(properties)))
        if !required.isEmpty { out.append(("required", .array(required.map(MCPJSON.string)))) }
        if !open { out.append(("additionalProperties", false)) }
        return .object(out)
    }

    /// An object whose members are not listed (a stored JSON shape passed through as it is).
    static func anyObject(_ description: String? = nil) -> MCPJSON {
        var out: [(String, MCPJSON)] = [("type", "object")]
        if let description { out.append(("description", .string(description))) }
        return .object(out)
    }

    static func string(
        _ description: String, minLength: Int? = nil, maxLength: Int? = nil, enum values: [String]? = nil,
        default fallback: String? = nil, nullable: Bool = false
    ) -> MCPJSON {
        var out: [(String, MCPJSON)] = [("type", nullable ? ["string", "null"] : "string"), ("description", .string(description))]
        if let minLength { out.append(("minLength", .int(minLength))) }
        if let maxLength { out.append(("maxLength", .int(maxLength))) }
        if let values { out.append(("enum", .array(values.map(MCPJSON.string) + (nullable ? [.null] : [])))) }
        if let fallback { out.append(("default", .string(fallback))) }
        return .object(out)
    }

    static func integer(
        _ description: String, minimum: Int? = nil, maximum: Int? = nil, default fallback: Int? = nil, nullable: Bool = false
    ) -> MCPJSON {
        var out: [(String, MCPJSON)] = [("type", nullable ? ["integer", "null"] : "integer"), ("description", .string(description))]
        if let minimum { out.append(("minimum", .int(minimum))) }
        if let maximum { out.append(("maximum", .int(maximum))) }
        if let fallback { out.append(("default", .int(fallback))) }
        return .object(out)
    }

    static func number(_ description: String, nullable: Bool = false) -> MCPJSON {
        ["type": nullable ? ["number", "null"] : "number", "description": .string(description)]
    }

    static func boolean(_ description: String, default fallback: Bool? = nil) -> MCPJSON {
        var out: [(String, MCPJSON)] = [("type", "boolean"), ("description", .string(description))]
        if let fallback { out.append(("default", .bool(fallback))) }
        return .object(out)
    }

    static func array(_ items: MCPJSON, _ description: String, minItems: Int? = nil, maxItems: Int? = nil) -> MCPJSON {
        var out: [(String, MCPJSON)] = [("type", "array"), ("description", .string(description)), ("items", items)]
        if let minItems { out.append(("minItems", .int(minItems))) }
        if let maxItems { out.append(("maxItems", .int(maxItems))) }
        return .object(out)
    }

    /// The schema as nullable: `type` gains `null`.
    static func nullable(_ schema: MCPJSON) -> MCPJSON {
        guard let type = schema["type"] else { return schema }
        let types: [MCPJSON] = type.array ?? [type]
        return schema.setting("type", .array(types.contains(.string("null")) ? types : types + ["null"]))
    }

    // MARK: - Shared members

    /// `dry_run` (default true) and, for tools that need it, `confirm` (default false): the
    /// arguments `MCPMutation` reads; every mutating tool's input schema includes them.
    static func mutationArguments(confirm: Bool) -> [(String, MCPJSON)] {
        var out: [(String, MCPJSON)] = [
            ("dry_run", boolean("true (the default) previews the change and changes nothing; false executes it.", default: true))
        ]
        if confirm {
            out.append(("confirm", boolean("Must be true, with dry_run false, to execute; otherwise the call previews.", default: false)))
        }
        return out
    }

    /// `limit` and `offset` of the market lists (the seed: default 25, at most 50; offset at most 100,000).
    static let pageArguments: [(String, MCPJSON)] = [
        ("limit", integer("Items per page.", minimum: 1, maximum: 50, default: 25)),
        ("offset", integer("Items to skip; nextOffset of the previous page.", minimum: 0, maximum: 100_000, default: 0)),
    ]

    /// What `MCPMutation.result` answers: `dry_run`, `executed` and `diff` {before, after, warnings}.
    static let mutationResult: [(String, MCPJSON)] = [
        ("dry_run", boolean("Whether this call only previewed.")),
        ("executed", boolean("Whether the change was made.")),
        (
            "diff",
            object(
                [
                    ("before", ["description": "What holds now; null when nothing does."]),
                    ("after", ["description": "What would hold, or holds, after the change; null when nothing will."]),
                    ("warnings", array(string("A reason to look again before executing."), "What to check first.")),
                ], required: ["before", "after", "warnings"])
        ),
    ]

    /// The seed's `credits` object (`MCPMeter.Credits`); `limit` and `remaining` are null when unlimited.
    static let credits = object(
        [
            ("period", string("The month counted, YYYY-MM (UTC).")),
            ("limit", integer("Credits of the month; null when unlimited.", nullable: true)),
            ("used", integer("Credits used this month.")),
            ("remaining", integer("Credits left; null when unlimited.", nullable: true)),
            ("cost", integer("Credits this call took.")),
            ("unlimited", boolean("Whether the organization has no monthly limit (self-hosted).")),
            ("resets_at", string("When the next month's credits start (the 1st, 00:00 UTC).")),
        ], required: ["period", "limit", "used", "remaining", "cost", "unlimited", "resets_at"])

    /// The daily profile reads of Free and Pro (`MCPMeter.Daily`).
    static let daily = object(
        [
            ("limit", integer("Profile reads a day, shared by the organization's tokens.")),
            ("remaining", integer("Reads left today.")),
            ("resets_at", string("Next 00:00 UTC.")),
        ], required: ["limit", "remaining", "resets_at"])
}
