/// A form that changes something: POST to a path of the hub, carrying the session's form
/// token so a page of another site cannot submit it on the member's behalf.
public struct PostForm {
    /// The hidden field's name, checked by the page routes on every POST.
    public static let tokenField = "_form"

    public static func make(
        action: String, token: String, _ attributes: Attribute..., multipart: Bool = false, confirm: String? = nil,
        @HTMLBuilder content: () -> HTML
    ) -> HTML {
        var all: [Attribute] = [Attribute("method", "post"), Attribute("action", action)]
        if multipart { all.append(Attribute("enctype", "multipart/form-data")) }
        if let confirm { all.append(Attribute("data-confirm", confirm)) }
        all += attributes
        return element("form", all) {
            voidElement("input", .type("hidden"), .name(tokenField), .value(token))
            content()
        }
    }
}
