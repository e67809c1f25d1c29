/// A word-level difference between two values of a field, for the review before publishing.
/// The words both share at the start and at the end are kept; what lies between is shown as
/// removed (the old words) and added (the new ones). One pass from each end, so a 4,000-character
/// description costs linear time, never the quadratic table of a full alignment.
public enum TextDiff {
    public enum Segment: Sendable, Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// Splits into runs of non-space characters with the spaces that follow them, so joining
    /// the pieces gives the text back exactly.
    static func tokens(_ text: String) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var inSpace = false
        while index < text.endIndex {
            let isSpace = text[index].isWhitespace || text[index] == ","
            if inSpace && !isSpace {
                out.append(text[start..<index])
                start = index
            }
            inSpace = isSpace
            index = text.index(after: index)
        }
        if start < text.endIndex { out.append(text[start..<text.endIndex]) }
        return out
    }

    public static func words(old: String, new: String) -> [Segment] {
        let a = tokens(old)
        let b = tokens(new)
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var out: [Segment] = []
        if prefix > 0 { out.append(.same(a[0..<prefix].joined())) }
        if a.count - suffix > prefix { out.append(.removed(a[prefix..<(a.count - suffix)].joined())) }
        if b.count - suffix > prefix { out.append(.added(b[prefix..<(b.count - suffix)].joined())) }
        if suffix > 0 { out.append(.same(a[(a.count - suffix)...].joined())) }
        return out
    }

    /// The old value with the removed words struck (`<del>`) and the new one with the added words
    /// marked (`<ins>`), each escaped by the builder.
    public static func html(old: String, new: String) -> (old: HTML, new: HTML) {
        let segments = words(old: old, new: new)
        return (side(segments, old: true), side(segments, old: false))
    }

    @HTMLBuilder static func side(_ segments: [Segment], old: Bool) -> HTML {
        for segment in segments {
            switch segment {
            case .same(let text): text
            case .removed(let text): if old { element("del") { text } }
            case .added(let text): if !old { element("ins") { text } }
            }
        }
    }
}
