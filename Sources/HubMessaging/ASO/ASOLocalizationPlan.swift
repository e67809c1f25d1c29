/// A localization plan for App Store keywords (MCP's `get_localization_plan`): for each locale
/// the app has, the storefronts it serves and what is left of its 100-byte keywords field; and
/// the App Store Connect locales it lacks, with the storefronts each would serve.
///
/// A locale serves the storefronts whose primary App Store language it is (`storefronts`), among
/// the countries the hub works with (`ASOStorefront.supported`). A storefront may list more than
/// one locale (Canada: en-CA and fr-CA); a storefront none of the app's locales serves shows the
/// app's primary localization.
public struct ASOLocalizationPlan: Codable, Equatable, Sendable {
    public struct Locale: Codable, Equatable, Sendable {
        public var locale: String
        public var countries: [String]
        /// The keywords field now; nil when empty.
        public var keywords: String?
        public var keywordBytes: Int
        public var budgetBytes: Int
        public var remainingBytes: Int
    }

    public struct Missing: Codable, Equatable, Sendable {
        public var locale: String
        public var countries: [String]
    }

    public var locales: [Locale]
    /// Locales the app lacks that serve some storefront, most storefronts first.
    public var missing: [Missing]
    /// Supported storefronts none of the app's locales serves.
    public var uncoveredCountries: [String]

    /// The plan for an app's localizations (locale → keywords field).
    public init(localizations: [(locale: String, keywords: String?)]) {
        let budget = MetadataValidator.keywordBytes
        locales = localizations.map { locale, keywords in
            let used = keywords?.utf8.count ?? 0
            return Locale(
                locale: locale, countries: ASOLocalizationPlan.countries(locale), keywords: keywords?.isEmpty == true ? nil : keywords,
                keywordBytes: used, budgetBytes: budget, remainingBytes: max(0, budget - used))
        }
        let present = Set(localizations.map(\.locale))
        missing = ASOLocalizationPlan.storefronts.keys.filter { !present.contains($0) }
            .map { Missing(locale: $0, countries: ASOLocalizationPlan.countries($0)) }
            .filter { !$0.countries.isEmpty }
            .sorted { ($0.countries.count, $1.locale) > ($1.countries.count, $0.locale) }
        let covered = Set(locales.flatMap(\.countries))
        uncoveredCountries = ASOStorefront.supported.subtracting(covered).sorted()
    }

    /// The supported storefronts whose primary language `locale` is, sorted.
    public static func countries(_ locale: String) -> [String] {
        (storefronts[locale] ?? []).filter(ASOStorefront.supported.contains).sorted()
    }

    /// App Store Connect locales → storefronts whose primary App Store language each is.
    public static let storefronts: [String: [String]] = [
        "ar-SA": ["ae", "bh", "dz", "eg", "iq", "jo", "kw", "lb", "ly", "ma", "om", "qa", "sa", "tn", "ye"],
        "ca": [],
        "cs": ["cz"],
        "da": ["dk"],
        "de-DE": ["at", "ch", "de", "lu"],
        "el": ["cy", "gr"],
        "en-AU": ["au", "nz"],
        "en-CA": ["ca"],
        "en-GB": ["gb", "ie"],
        "en-US": ["us"],
        "es-ES": ["es"],
        "es-MX": ["ar", "bo", "cl", "co", "cr", "do", "ec", "gt", "hn", "mx", "ni", "pa", "pe", "py", "sv", "uy", "ve"],
        "fi": ["fi"],
        "fr-CA": ["ca"],
        "fr-FR": ["be", "bf", "bj", "cd", "cg", "ch", "ci", "cm", "fr", "ga", "lu", "mg", "ml", "ne", "sn", "td"],
        "he": ["il"],
        "hi": ["in"],
        "hr": ["hr"],
        "hu": ["hu"],
        "id": ["id"],
        "it": ["it"],
        "ja": ["jp"],
        "ko": ["kr"],
        "ms": ["bn", "my"],
        "nl-NL": ["be", "nl"],
        "no": ["no"],
        "pl": ["pl"],
        "pt-BR": ["br"],
        "pt-PT": ["ao", "cv", "gw", "mz", "pt", "st"],
        "ro": ["md", "ro"],
        "ru": ["am", "az", "by", "kg", "kz", "ru", "tj", "tm", "uz"],
        "sk": ["sk"],
        "sv": ["se"],
        "th": ["th"],
        "tr": ["tr"],
        "uk": ["ua"],
        "vi": ["vn"],
        "zh-Hans": ["cn"],
        "zh-Hant": ["hk", "mo", "tw"],
    ]
}
