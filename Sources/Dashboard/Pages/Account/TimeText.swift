/// A time of the hub (ISO-8601 UTC, `2026-11-30T09:15:02.123Z`) as people read it,
/// `2026-11-30 09:15 UTC`, in a `<time>` element that keeps the exact value for machines.
/// Pages are drawn without the reader's time zone, so the zone is said, never guessed.
enum TimeText {
    static func html(_ iso: String) -> HTML {
        element("time", Attribute("datetime", iso)) { text(iso) }
    }

    static func text(_ iso: String) -> String {
        let characters = Array(iso)
        guard characters.count >= 16, characters[4] == "-", characters[7] == "-", characters[10] == "T", characters[13] == ":"
        else { return iso }
        return String(characters[0..<10]) + " " + String(characters[11..<16]) + " UTC"
    }
}
