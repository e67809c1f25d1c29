import HubMessaging

/// Arguments and result shapes the metadata and keyword tools share, written once so each
/// tool's schema says the same thing about the same operator API shape.
extension MCPSchema {
    static let appId = string("The app, from list_apps.", minLength: 1, maxLength: 64)

    /// A storefront code as the ASO routes take it (`ASOStorefront`); an unsupported one is INVALID_INPUT.
    static func country(_ description: String, default fallback: String? = nil) -> MCPJSON {
        string(description + " A two-letter App Store country code, e.g. us.", minLength: 2, maxLength: 2, default: fallback)
    }

    /// An App Store Connect locale, e.g. en-US (the operator API takes 2–20 characters).
    static func locale(_ description: String) -> MCPJSON {
        string(description + " An App Store Connect locale, e.g. en-US.", minLength: 2, maxLength: 20)
    }

    /// Apple's longest field (description, whatsNew) in characters; the tools leave the rules
    /// to `MetadataValidator`, so a field over its own limit is a finding, not a schema error.
    static let longestMetadataField = 4_000

    /// `ASCMetadataFields` as an argument: each field optional, omitted meaning "not part of this call".
    static func metadataFieldArguments(_ description: String) -> MCPJSON {
        object(
            ASCMetadataFields.all.map { ($0, string("The \($0).", maxLength: longestMetadataField, nullable: true)) },
            description: description)
    }

    /// `ASCMetadataFields` as answered: every field present, null where Apple has no value.
    static let metadataFields = object(
        ASCMetadataFields.all.map { ($0, string("The \($0); null when Apple has none.", nullable: true)) },
        required: ASCMetadataFields.all)

    /// `ASOTrackedKeyword`: a tracked keyword with its latest rank.
    static let trackedKeyword = object(
        [
            ("id", string("The tracked keyword's ID (remove_keywords takes it).")),
            ("projectId", string("The app it belongs to.")),
            ("term", string("The search term.")),
            ("country", string("The storefront it is measured in.")),
            ("groupId", string("Its localized group, if any.", nullable: true)),
            ("createdAt", string("When tracking started.")),
            (
                "status",
                string("unobserved (not measured yet), unranked (measured, absent) or ranked.", enum: ["unobserved", "unranked", "ranked"])
            ),
            ("rank", integer("The 1-based position; null unless ranked.", nullable: true)),
            ("rankDate", string("The UTC day of the latest observation, YYYY-MM-DD.", nullable: true)),
            ("observedAt", string("When it was observed.", nullable: true)),
            ("change7d", integer("Positions gained in seven days; null unless both ranks exist.", nullable: true)),
        ],
        required: ["id", "projectId", "term", "country", "groupId", "createdAt", "status", "rank", "rankDate", "observedAt", "change7d"])
}
