/// A chat-ops connection's last provider refusal, as pushd words it (generic, never a token),
/// and the alert both integration pages show for it.
public struct IntegrationProblem: Sendable, Equatable {
    public var code: String
    public var message: String
    public var at: String

    public init(code: String, message: String, at: String) {
        self.code = code
        self.message = message
        self.at = at
    }

    func panel() -> HTML {
        element("div", .class("flash bad"), Attribute("role", "alert")) {
            element("strong") { "Last problem: " }
            message
            element("div", .class("small")) { TimeText.html(at) }
        }
    }
}
