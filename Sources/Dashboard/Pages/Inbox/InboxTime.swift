import Foundation
import HubRuntime

/// Times as a support person reads them: how long ago for the last day, then the date. The
/// hub does not know the reader's time zone, so absolute times say UTC, and the exact moment
/// is in the element's `title` and `datetime`.
enum InboxTime {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `just now`, `5 min ago`, `3 h ago`, then `12 Mar`, or `12 Mar 2025` in another year.
    static func short(_ iso: String, now: Date) -> String {
        guard let date = ISOTime.parse(iso) else { return iso }
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "just now" }
        if seconds < 3_600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86_400 { return "\(Int(seconds / 3_600)) h ago" }
        let day = parts(date)
        let month = months[day.month - 1]
        return day.year == parts(now).year ? "\(day.day) \(month)" : "\(day.day) \(month) \(day.year)"
    }

    /// `12 Mar 2025, 14:05 UTC`.
    static func full(_ iso: String) -> String {
        guard let date = ISOTime.parse(iso) else { return iso }
        let p = parts(date)
        return "\(p.day) \(months[p.month - 1]) \(p.year), " + two(p.hour) + ":" + two(p.minute) + " UTC"
    }

    /// `<time>` with the short text, the exact moment as its title.
    static func html(_ iso: String, now: Date) -> HTML {
        element("time", Attribute("datetime", iso), .title(full(iso))) { short(iso, now: now) }
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func parts(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var out = tm()
        gmtime_r(&t, &out)
        return (Int(out.tm_year) + 1900, Int(out.tm_mon) + 1, Int(out.tm_mday), Int(out.tm_hour), Int(out.tm_min))
    }
}
