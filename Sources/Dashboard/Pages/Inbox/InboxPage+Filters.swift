/// The inbox's filters: a plain GET form, so they work without the script and a filtered
/// inbox is a link one can keep.
extension InboxPage {
    /// Longest search text (docs/limits.md, "community search").
    static let searchLength = 120

    static func filters(_ view: InboxView) -> HTML {
        let query = view.query
        return element(
            "form", Attribute("method", "get"), Attribute("action", InboxPaths.inbox), .class("filters inbox-filters"),
            Attribute("role", "search")
        ) {
            element("div", .class("search")) {
                element("label", Attribute("for", "f-q")) { "Search" }
                voidElement(
                    "input", .type("search"), .id("f-q"), .name("q"), .value(query.text ?? ""),
                    Attribute("maxlength", String(searchLength)),
                    Attribute("placeholder", "Message or email"))
            }
            select("App", name: "app", selected: query.app, any: "All apps", options: view.apps.map { ($0.id, $0.name) })
            select(
                "Kind", name: "kind", selected: query.kind?.rawValue, any: "Chats and reports",
                options: [("chat", "Chats"), ("report", "Reports")])
            element("div") {
                element("label", Attribute("for", "f-state")) { "Status" }
                element("select", .id("f-state"), .name("state")) {
                    option("", "Any status", selected: query.state == nil)
                    element("optgroup", Attribute("label", "Chats")) {
                        for state in [InboxQuery.State.open, .resolved] {
                            option(state.rawValue, state.title, selected: query.state == state)
                        }
                    }
                    element("optgroup", Attribute("label", "Reports")) {
                        for state in [InboxQuery.State.todo, .inProgress, .done] {
                            option(state.rawValue, state.title, selected: query.state == state)
                        }
                    }
                }
            }
            select(
                "Assignee", name: "assignee", selected: query.assignee, any: "Anyone",
                options: [("none", "Unassigned")] + view.members.map { ($0.id, $0.name) })
            if !view.labels.isEmpty || query.label != nil {
                select("Label", name: "label", selected: query.label, any: "Any label", options: view.labels.map { ($0, $0) })
            }
            element("label", .class("check")) {
                voidElement(
                    "input",
                    query.unreadOnly
                        ? [.type("checkbox"), .name("unread"), .value("1"), .checked] : [.type("checkbox"), .name("unread"), .value("1")])
                "Unread only"
            }
            element("div", .class("row")) {
                element("button", .type("submit"), .class("primary")) { "Apply" }
                if query.isFiltered { element("a", .class("button"), .href(InboxPaths.inbox)) { "Clear" } }
            }
        }
    }

    /// A labelled select with an "any" choice first; a selected value that is not among the
    /// options (a removed member, an old link) is kept as a choice so the form says what is applied.
    static func select(_ title: String, name: StaticString, selected: String?, any: String, options: [(String, String)]) -> HTML {
        let id = "f-" + name.description
        var all = options
        if let selected, !options.contains(where: { $0.0 == selected }) { all.append((selected, selected)) }
        return element("div") {
            element("label", Attribute("for", id)) { title }
            element("select", .id(id), Attribute("name", name.description)) {
                option("", any, selected: selected == nil)
                for (value, label) in all { option(value, label, selected: value == selected) }
            }
        }
    }

    static func option(_ value: String, _ label: String, selected: Bool) -> HTML {
        element("option", selected ? [.value(value), .selected] : [.value(value)]) { label }
    }
}
