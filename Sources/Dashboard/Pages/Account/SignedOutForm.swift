/// A POST form of a page without a session (sign-in, an invitation): it carries a form token
/// when the hub gave the page one, and is plain otherwise, the same-origin check being what
/// guards it then.
enum SignedOutForm {
    static func make(action: String, token: String?, @HTMLBuilder content: () -> HTML) -> HTML {
        if let token { return PostForm.make(action: action, token: token, content: content) }
        return element("form", Attribute("method", "post"), Attribute("action", action)) { content() }
    }
}
