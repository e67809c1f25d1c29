/// The App Store countries the ASO tools accept: two-letter, lower-case ISO 3166-1 codes of
/// the storefronts where the App Store (and so the iTunes Search API) operates. The list is
/// documented in `docs/aso-difficulty.md` and `docs/openapi.yaml`; a code outside it is
/// refused before any quota or provider call.
public enum ASOStorefront {
    public static let supported: Set<String> = [
        "ae", "af", "ag", "ai", "al", "am", "ao", "ar", "at", "au", "az", "ba", "bb", "be", "bf", "bg", "bh", "bj",
        "bm", "bn", "bo", "br", "bs", "bt", "bw", "by", "bz", "ca", "cd", "cg", "ch", "ci", "cl", "cm", "cn", "co",
        "cr", "cv", "cy", "cz", "de", "dk", "dm", "do", "dz", "ec", "ee", "eg", "es", "fi", "fj", "fm", "fr", "ga",
        "gb", "gd", "ge", "gh", "gm", "gr", "gt", "gw", "gy", "hk", "hn", "hr", "hu", "id", "ie", "il", "in", "iq",
        "is", "it", "jm", "jo", "jp", "ke", "kg", "kh", "kn", "kr", "kw", "ky", "kz", "la", "lb", "lc", "lk", "lr",
        "lt", "lu", "lv", "ly", "ma", "md", "me", "mg", "mk", "ml", "mn", "mo", "mr", "ms", "mt", "mu", "mv", "mw",
        "mx", "my", "mz", "na", "ne", "ng", "ni", "nl", "no", "np", "nr", "nz", "om", "pa", "pe", "pg", "ph", "pk",
        "pl", "pt", "pw", "py", "qa", "ro", "rs", "ru", "rw", "sa", "sb", "sc", "se", "sg", "si", "sk", "sl", "sn",
        "sr", "st", "sv", "sz", "tc", "td", "th", "tj", "tm", "tn", "to", "tr", "tt", "tw", "tz", "ua", "ug", "us",
        "uy", "uz", "vc", "ve", "vg", "vn", "vu", "xk", "ye", "za", "zm", "zw",
    ]

    /// The code lower-cased when supported, else nil.
    public static func normalize(_ raw: String) -> String? {
        let code = raw.trimmingCharacters(in: .whitespaces).lowercased()
        return supported.contains(code) ? code : nil
    }
}
