/// HTML escaping shared by the dashboard's builder and the HTML parts of emails.
public enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as character references: safe in text and in quoted
    /// attribute values alike. One pass over the bytes, copying runs that need nothing.
    public static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) else { return text }
        var out = ""
        out.reserveCapacity(utf8.count + 16)
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let replacement: String?
            switch utf8[index] {
            case 38: replacement = "&amp;"
            case 60: replacement = "&lt;"
            case 62: replacement = "&gt;"
            case 34: replacement = "&quot;"
            case 39: replacement = "&#39;"
            default: replacement = nil
            }
            if let replacement {
                out += Substring(text.utf8[runStart..<index])
                out += replacement
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        out += Substring(text.utf8[runStart..<utf8.endIndex])
        return out
    }
}
