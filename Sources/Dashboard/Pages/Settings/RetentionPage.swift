/// `GET /dashboard/settings/retention`: the workspace's media retention (`POST` with `days`,
/// empty for off). Owners and admins change it; other roles read it. It names what goes and
/// what stays so nobody sets it expecting their reports or conversations to vanish.
public struct RetentionPage: Sendable {
    /// The saved setting; nil: off.
    public var days: Int?
    /// The role may change it (`manageRetention`).
    public var canChange: Bool
    /// What was typed, shown again with `problems` after a refused post.
    public var draft: String?
    public var problems: FormProblems

    public init(days: Int?, canChange: Bool, draft: String? = nil, problems: FormProblems = .none) {
        self.days = days
        self.canChange = canChange
        self.draft = draft
        self.problems = problems
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        let section: PageShell.Section? = viewer.sections.contains(.settings) ? .settings : nil
        return PageShell.page(title: "Data retention", section: section, viewer: viewer, notice: notice) {
            element("h1") { "Data retention" }
            element("section", .class("panel"), Attribute("aria-labelledby", "retention-title")) {
                element("h2", .id("retention-title")) { "Screenshots and chat photos" }
                element("p") { current }
                element("p", .class("small muted")) {
                    "When it is on, the daily cleanup deletes report screenshots and photos sent in chat once they are older "
                        + "than the number of days, for every app of " + viewer.organization + ". The report and the message stay "
                        + "and say the file was removed by the retention policy. Uploads never sent are deleted after two days "
                        + "whatever this says."
                }
                if canChange {
                    PostForm.make(action: "/dashboard/settings/retention", token: viewer.formToken) {
                        LabeledField(
                            id: "retention-days", label: "Keep for (days)",
                            hint: "1 to 3,650. Leave it empty to keep them until a person deletes them.", problems: problems["days"]
                        )
                        .input(
                            "days", type: "number", value: draft ?? days.map(String.init) ?? "", .class("days"), Attribute("min", "1"),
                            Attribute("max", "3650"), Attribute("step", "1"), Attribute("inputmode", "numeric"))
                        element("button", .type("submit"), .class("primary")) { "Save" }
                    }
                } else {
                    element("p", .class("small muted")) { "Owners and admins can change it." }
                }
            }
        }
    }

    var current: String {
        guard let days else { return "Off: screenshots and chat photos are kept until a person deletes them." }
        return "On: screenshots and chat photos are deleted after " + (days == 1 ? "1 day." : "\(days) days.")
    }
}
