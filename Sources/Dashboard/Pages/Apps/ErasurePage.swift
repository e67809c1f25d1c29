/// `/dashboard/apps/{id}/erasures`: erasing one participant of an app, for owners and admins.
/// The form names them by email or anonymous voter token; a review step says what will go and
/// what stays before the erasure is recorded (no script: each step is its own POST).
public struct ErasurePage: Sendable {
    public enum Step: Sendable, Equatable {
        /// The form, with what a refused post sent and its problems.
        case form(email: String, voterToken: String, problems: FormProblems)
        /// The confirmation of a valid request: who, as typed (`email` or `voterToken`).
        case confirm(field: String, value: String)
    }

    public var projectId: String
    public var appName: String
    public var step: Step

    public init(projectId: String, appName: String, step: Step) {
        self.projectId = projectId
        self.appName = appName
        self.step = step
    }

    var path: String { "/dashboard/apps/" + projectId + "/erasures" }

    public func html(viewer: PageShell.Viewer) -> HTML {
        PageShell.page(title: "Erase a participant's data · " + appName, section: .apps, viewer: viewer) {
            element("p", .class("small")) { element("a", .href("/dashboard/apps/" + projectId)) { "← " + appName } }
            element("section", .class("panel"), .id("erasure"), Attribute("aria-labelledby", "erasure-title")) {
                element("h1", .id("erasure-title")) { "Erase a participant's data" }
                switch step {
                case .form(let email, let voterToken, let problems):
                    form(email: email, voterToken: voterToken, problems, token: viewer.formToken)
                case .confirm(let field, let value): confirm(field: field, value: value, token: viewer.formToken)
                }
            }
        }
    }

    static let erasedText =
        "Their chat conversations with messages and photos, private reports with screenshots, push devices and queued "
        + "pushes, integration threads and their votes are erased from every part of the hub."
    static let keptText = "Ideas and comments they wrote stay public, under the name “Deleted user”. This cannot be undone."

    @HTMLBuilder
    func form(email: String, voterToken: String, _ problems: FormProblems, token: String) -> HTML {
        element("p") { ErasurePage.erasedText + " " + ErasurePage.keptText }
        if !problems.isEmpty && problems["email"] == problems["voterToken"] {
            element("div", .class("flash bad"), Attribute("role", "alert")) { problems["email"].joined(separator: " ") }
        }
        PostForm.make(action: path + "/review", token: token) {
            LabeledField(
                id: "erase-email", label: "Verified email", hint: "The email your backend signs for them.",
                problems: problems["email"] == problems["voterToken"] ? [] : problems["email"]
            ).input("email", type: "email", value: email, Attribute("maxlength", "320"), Attribute("autocomplete", "off"))
            element("p", .class("small muted")) { "or" }
            LabeledField(
                id: "erase-token", label: "Anonymous voter token",
                hint: "The token the app keeps for someone who is not signed in (16-128 letters, digits, _ and -).",
                problems: problems["email"] == problems["voterToken"] ? [] : problems["voterToken"]
            ).input(
                "voterToken", type: "text", value: voterToken, Attribute("maxlength", "128"), Attribute("autocomplete", "off"),
                Attribute("spellcheck", "false"))
            element("button", .type("submit"), .class("primary")) { "Review" }
        }
    }

    @HTMLBuilder
    func confirm(field: String, value: String, token: String) -> HTML {
        element("div", .class("flash bad"), Attribute("role", "alert")) {
            element("p") {
                "Erase everything the hub holds about "
                element("strong") { value }
                " in " + appName + "?"
            }
            element("p") { ErasurePage.erasedText }
            element("p") { ErasurePage.keptText }
        }
        element("div", .class("row")) {
            PostForm.make(action: path, token: token) {
                voidElement("input", .type("hidden"), .name(field), .value(value))
                element("button", .type("submit"), .class("danger")) { "Erase their data" }
            }
            element("a", .class("button"), .href(path)) { "Cancel" }
        }
    }
}
