/// The metadata editor of one localization (docs "Metadata", "Edit a localization"): Apple's
/// values as loaded, each field with its counter (keywords in UTF-8 bytes of their budget, the
/// others in characters), the validator's errors and warnings next to their field, a picker of
/// Apple's localizations (which reads Apple again), and "Review changes". A refused draft is
/// drawn again with what was typed.
public struct MetadataEditorPage: Sendable {
    public var projectId: String
    public var appName: String
    public var state: MetadataState
    /// What the fields hold: Apple's values when just loaded, else what was typed.
    public var draft: [String: String]
    /// Errors by field; they block the review.
    public var problems: FormProblems
    /// Warnings by field; shown, not blocking.
    public var warnings: [String: [String]]
    /// Characters allowed per field; keywords are measured in `keywordBytes` UTF-8 bytes.
    public var limits: [String: Int]
    public var keywordBytes: Int

    public init(
        projectId: String, appName: String, state: MetadataState, draft: [String: String], problems: FormProblems = .none,
        warnings: [String: [String]] = [:], limits: [String: Int], keywordBytes: Int
    ) {
        self.projectId = projectId
        self.appName = appName
        self.state = state
        self.draft = draft
        self.problems = problems
        self.warnings = warnings
        self.limits = limits
        self.keywordBytes = keywordBytes
    }

    var path: String { "/dashboard/apps/" + projectId + "/metadata" }

    /// `57 / 100 bytes`, or `12 / 30 characters`.
    func counter(_ key: String, _ value: String) -> String {
        if key == "keywords" { return "\(value.utf8.count) / \(keywordBytes) bytes (UTF-8)" }
        guard let limit = limits[key] else { return "\(value.count) characters" }
        return "\(value.count) / \(limit) characters"
    }

    func over(_ key: String, _ value: String) -> Bool {
        key == "keywords" ? value.utf8.count > keywordBytes : value.count > (limits[key] ?? Int.max)
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Metadata · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "Metadata of " + appName }
                element("span", .class("badge")) { state.locale }
            }
            AppNav.html(projectId: projectId, current: .metadata)
            localePicker(token: viewer.formToken)
            if !state.editable {
                element("p", .class("flash problem")) {
                    "No editable version: publishing would be refused (READ_ONLY). Prepare a version in App Store Connect, then reload."
                }
            }
            PostForm.make(action: path + "/review", token: viewer.formToken, .class("panel stack"), .id("editor")) {
                voidElement("input", .type("hidden"), .name("state"), .value(state.encoded))
                for (key, label) in MetadataFields.ordered {
                    field(key, label)
                }
                element("div", .class("row")) {
                    element("button", .type("submit"), .class("primary")) { "Review changes" }
                    element("span", .class("small muted")) { "Nothing is sent to Apple until you publish the reviewed changes." }
                }
            }
        }
    }

    /// The control with its counter as the hint (kept current by the dashboard's script while
    /// typing; the server's count is the one that decides), then the validator's warnings.
    func field(_ key: String, _ label: String) -> HTML {
        let value = draft[key] ?? state.expected[key] ?? ""
        let id = "field-" + key
        let control = LabeledField(id: id, label: label, hint: counter(key, value), problems: problems[key])
        let limit = key == "keywords" ? keywordBytes : limits[key]
        var extra: [Attribute] = [Attribute("data-count", key == "keywords" ? "bytes" : "characters")]
        if let limit { extra.append(Attribute("data-limit", String(limit))) }
        if over(key, value) { extra.append(.class("over")) }
        let input: HTML
        switch key {
        case "description", "whatsNew", "promotionalText":
            input = control.html { tied in
                element("textarea", [.name(key), Attribute("rows", key == "promotionalText" ? "3" : "8")] + tied + extra) { value }
            }
        default:
            input = control.input(key, type: "text", value: value, attributes: extra)
        }
        return element("div", .class("stack")) {
            input
            for warning in warnings[key] ?? [] { element("div", .class("hint warning")) { "Note: " + warning } }
        }
    }

    func localePicker(token: String) -> HTML {
        PostForm.make(action: path + "/load", token: token, .class("row"), .id("locales")) {
            element("label", Attribute("for", "locale")) { "Localization" }
            element("select", .name("locale"), .id("locale")) {
                for locale in state.locales {
                    element("option", locale == state.locale ? [.value(locale), .selected] : [.value(locale)]) { locale }
                }
            }
            element("button", .type("submit")) { "Load from Apple" }
            if let version = state.versionString { element("span", .class("small muted")) { "Version " + version } }
        }
    }
}
