/// "Review changes" (docs "Metadata", "Publish reviewed changes"): only the fields that differ
/// from Apple's values as loaded, each old against new with the changed words struck and
/// marked, the validator's warnings, then "Publish" for owners and admins. The draft goes on
/// in hidden fields; "Back to editing" draws the editor with it again.
public struct MetadataReviewPage: Sendable {
    public var projectId: String
    public var appName: String
    public var state: MetadataState
    public var draft: [String: String]
    public var warnings: [String: [String]]
    public var canPublish: Bool

    public init(
        projectId: String, appName: String, state: MetadataState, draft: [String: String], warnings: [String: [String]],
        canPublish: Bool
    ) {
        self.projectId = projectId
        self.appName = appName
        self.state = state
        self.draft = draft
        self.warnings = warnings
        self.canPublish = canPublish
    }

    var path: String { "/dashboard/apps/" + projectId + "/metadata" }
    public var changed: [String] { MetadataFields.changed(draft: draft, expected: state.expected) }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Review metadata · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "Review changes to " + appName }
                element("span", .class("badge")) { state.locale }
            }
            AppNav.html(projectId: projectId, current: .metadata)
            if changed.isEmpty {
                element("p", .class("panel empty")) { "Nothing differs from Apple's values as loaded; there is nothing to publish." }
            } else {
                element("section", .class("panel stack"), .id("diff"), .label("Changed fields")) {
                    element("p", .class("small muted")) {
                        "Only these fields will be sent. Struck words are Apple's now; marked words are yours."
                    }
                    for key in changed { MetadataDiff.field(key, old: state.expected[key] ?? "", new: draft[key] ?? "") }
                    for key in changed where !(warnings[key] ?? []).isEmpty {
                        element("p", .class("small")) { "Note: " + (warnings[key] ?? []).joined(separator: " ") }
                    }
                }
            }
            element("div", .class("row")) {
                if canPublish && !changed.isEmpty {
                    PostForm.make(action: path + "/publish", token: viewer.formToken, .class("inline"), .id("publish")) {
                        voidElement("input", .type("hidden"), .name("state"), .value(state.encoded))
                        MetadataFields.hidden(draft)
                        element("button", .type("submit"), .class("primary")) { "Publish to App Store Connect" }
                    }
                }
                PostForm.make(action: path + "/edit", token: viewer.formToken, .class("inline")) {
                    voidElement("input", .type("hidden"), .name("state"), .value(state.encoded))
                    MetadataFields.hidden(draft)
                    element("button", .type("submit")) { "Back to editing" }
                }
            }
            if !canPublish {
                element("p", .class("small muted")) { "Owners and admins publish; your role reads and reviews." }
            }
            element("p", .class("small muted")) {
                "Publishing updates the metadata in App Store Connect. It does not submit a build for review or release a version."
            }
        }
    }
}
