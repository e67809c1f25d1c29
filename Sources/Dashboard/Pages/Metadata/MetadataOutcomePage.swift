/// A publish that did not simply go through (docs "Metadata", "Resolve a conflict"). `STALE`:
/// Apple's value moved since loading; each such field shows what Apple has now and what you
/// wanted, with "Reload" (Apple's values, your edit dropped) and "Keep my edit" (your changed
/// fields over Apple's current values, to review again). `PARTIALLY_PUBLISHED`: which fields
/// reached Apple and which did not; nothing was rolled back.
public struct MetadataOutcomePage: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Field → (Apple now, your edit); `merged` is the editor's draft for "Keep my edit".
        case stale(fields: [String], appleNow: [String: String], wanted: [String: String], merged: [String: String])
        case partial(published: [String], failed: [String], message: String)
    }

    public var projectId: String
    public var appName: String
    /// The state as Apple is now (for a stale publish) or as loaded.
    public var state: MetadataState
    public var outcome: Outcome

    public init(projectId: String, appName: String, state: MetadataState, outcome: Outcome) {
        self.projectId = projectId
        self.appName = appName
        self.state = state
        self.outcome = outcome
    }

    var path: String { "/dashboard/apps/" + projectId + "/metadata" }

    static func badge(_ result: String) -> HTML {
        let tone: String
        switch result {
        case "PUBLISHED": tone = "ok"
        case "NO_CHANGES": tone = ""
        case "PARTIALLY_PUBLISHED", "STALE": tone = "warn"
        default: tone = "bad"
        }
        return element("span", .class(tone.isEmpty ? "badge" : "badge " + tone)) { result }
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        PageShell.page(title: "Metadata not published · " + appName, section: .apps, viewer: viewer) {
            element("div", .class("topline")) {
                element("h1") { "Metadata of " + appName }
                element("span", .class("badge")) { state.locale }
            }
            AppNav.html(projectId: projectId, current: .metadata)
            switch outcome {
            case .stale(let fields, let appleNow, let wanted, let merged):
                element("section", .class("panel stack"), .id("stale")) {
                    element("h2") {
                        Self.badge("STALE")
                        " Apple's values changed since you loaded them"
                    }
                    element("p") {
                        "Nothing was published. Someone changed these fields in App Store Connect after the editor read them:"
                    }
                    for key in fields {
                        MetadataDiff.field(
                            key, old: appleNow[key] ?? "", new: wanted[key] ?? "", oldTitle: "Apple has now", newTitle: "You wanted")
                    }
                    element("div", .class("row")) {
                        PostForm.make(action: path + "/edit", token: viewer.formToken, .class("inline")) {
                            voidElement("input", .type("hidden"), .name("state"), .value(state.encoded))
                            MetadataFields.hidden(merged)
                            element("button", .type("submit"), .class("primary")) { "Keep my edit over Apple's values" }
                        }
                        PostForm.make(action: path + "/load", token: viewer.formToken, .class("inline")) {
                            voidElement("input", .type("hidden"), .name("locale"), .value(state.locale))
                            element("button", .type("submit")) { "Reload Apple's values" }
                        }
                    }
                }
            case .partial(let published, let failed, let message):
                element("section", .class("panel stack"), .id("partial")) {
                    element("h2") {
                        Self.badge("PARTIALLY_PUBLISHED")
                        " Part of the change reached Apple"
                    }
                    element("dl", .class("facts")) {
                        element("dt") { "Went through" }
                        element("dd", .id("partial-published")) { MetadataPage.names(published) }
                        element("dt") { "Did not go through" }
                        element("dd", .id("partial-failed")) { MetadataPage.names(failed) }
                    }
                    element("p", .class("small muted")) { message }
                    element("p") { "Nothing was rolled back. Reload Apple's values and check them before trying again." }
                    PostForm.make(action: path + "/load", token: viewer.formToken, .class("inline")) {
                        voidElement("input", .type("hidden"), .name("locale"), .value(state.locale))
                        element("button", .type("submit"), .class("primary")) { "Reload Apple's values" }
                    }
                }
            }
            element("p") { element("a", .href(path + "#publishes")) { "Publish history" } }
        }
    }
}
