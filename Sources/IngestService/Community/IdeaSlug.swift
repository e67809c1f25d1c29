import Foundation

/// The URL slug of an idea, derived once from its title and never changed afterwards.
enum IdeaSlug {
    static let maxLength = 60
    /// Used when a title has nothing that transliterates to ASCII letters or digits.
    static let fallback = "idea"

    /// Lowercase ASCII: transliterated and diacritics folded, every run of other characters
    /// one '-', no '-' at either end, at most `maxLength` characters.
    static func base(for title: String) -> String {
        // ICU transliteration costs about a millisecond: only for titles that need it.
        let latin =
            title.utf8.allSatisfy({ $0 < 0x80 })
            ? title
            : title.applyingTransform(StringTransform("Any-Latin; Latin-ASCII; Lower"), reverse: false)
                ?? title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        // Bytes, made a String once: appending scalar by scalar to a String cost most of a
        // slug, and slugs are made on the writer thread, inside the transaction of the idea.
        var out: [UInt8] = []
        out.reserveCapacity(maxLength + 1)
        var pendingDash = false
        for byte in latin.utf8 {
            let lower = (byte >= 65 && byte <= 90) ? byte | 0x20 : byte
            if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                if pendingDash, !out.isEmpty { out.append(UInt8(ascii: "-")) }
                pendingDash = false
                out.append(lower)
                if out.count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        // At most `maxLength`, without the dash the cut may leave last (none can come first).
        var end = min(out.count, maxLength)
        while end > 0, out[end - 1] == UInt8(ascii: "-") { end -= 1 }
        return end == 0 ? fallback : String(decoding: out[..<end], as: UTF8.self)
    }

    /// `base` with suffix `-n`, shortened so the whole stays within `maxLength`.
    static func candidate(_ base: String, _ n: Int) -> String {
        if n < 2 { return base }
        let suffix = "-\(n)"
        return trimDashes(String(base.prefix(maxLength - suffix.count))) + suffix
    }

    /// A free slug for a title whose `base` is taken: `-2`, `-3`, … in order while the ideas of
    /// that title are numbered without gaps (they are unless some were deleted), found with
    /// O(log n) point lookups (`isTaken`) rather than by reading every slug sharing the base.
    /// The number doubles until a free one, then halves the distance back to a taken one; with
    /// gaps it is a free number at the edge it finds, not always the lowest.
    static func firstFree(_ base: String, isTaken: (String) throws -> Bool) rethrows -> String {
        var taken = 1
        var free = 2
        while try isTaken(candidate(base, free)) {
            taken = free
            free *= 2
        }
        while free - taken > 1 {
            let middle = taken + (free - taken) / 2
            if try isTaken(candidate(base, middle)) { taken = middle } else { free = middle }
        }
        return candidate(base, free)
    }

    private static func trimDashes(_ s: String) -> String {
        var s = Substring(s)
        while s.hasSuffix("-") { s = s.dropLast() }
        while s.hasPrefix("-") { s = s.dropFirst() }
        return String(s)
    }
}
