/// One field's old and new values side by side (stacked on a phone), the changed words struck
/// on the old side and marked on the new one; an empty value says so.
enum MetadataDiff {
    static func field(_ key: String, old: String, new: String, oldTitle: String = "Apple now", newTitle: String = "Your edit") -> HTML {
        let (before, after) = TextDiff.html(old: old, new: new)
        return element("div", .class("diff"), .id("diff-" + key)) {
            element("h3") { MetadataFields.label(key) }
            element("div", .class("grid2")) {
                element("div") {
                    element("div", .class("small muted")) { oldTitle }
                    element("p", .class("diff-old")) { old.isEmpty ? HTML.text("(empty)") : before }
                }
                element("div") {
                    element("div", .class("small muted")) { newTitle }
                    element("p", .class("diff-new")) { new.isEmpty ? HTML.text("(empty)") : after }
                }
            }
        }
    }
}
