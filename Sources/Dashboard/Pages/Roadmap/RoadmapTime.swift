/// Dates of the public pages: the day, in the page's language, machine-readable in `datetime`.
enum RoadmapTime {
    static let months: [RoadmapLanguage: [String]] = [
        .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        .es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
    ]

    static func date(_ iso: String, _ language: RoadmapLanguage) -> HTML {
        element("time", Attribute("datetime", iso)) { day(iso, language) }
    }

    /// `2026-11-30T…` as `30 Nov 2026` (`30 nov 2026`); anything else as it came.
    static func day(_ iso: String, _ language: RoadmapLanguage) -> String {
        let parts = iso.prefix(10).split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let dayNumber = Int(parts[2]) else { return iso }
        return String(dayNumber) + " " + (months[language] ?? months[.en]!)[month - 1] + " " + parts[0]
    }
}
