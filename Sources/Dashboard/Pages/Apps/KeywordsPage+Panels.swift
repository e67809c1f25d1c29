/// The keywords page's other panels: adding terms or a localized group, the country grid and
/// the competitors ahead.
extension KeywordsPage {
    func addPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("add"), Attribute("aria-labelledby", "add-title")) {
            element("h2", .id("add-title")) { "Track terms" }
            PostForm.make(action: path, token: token, .class("stack")) {
                LabeledField(
                    id: "kw-terms", label: "Terms", hint: "One a line, up to 100. A term already tracked in this store is not added again.",
                    problems: problems["terms"]
                ).textarea("terms", value: draft.terms, rows: 3, .required, Attribute("spellcheck", "false"))
                storefrontPicker(id: "kw-country", name: "country", selected: draft.country)
                element("button", .type("submit"), .class("primary")) { "Track" }
            }
            element("details", problems["concept"].isEmpty ? [] : [Attribute(boolean: "open")]) {
                element("summary") { "Add a localized group" }
                PostForm.make(action: path + "/groups", token: token, .class("stack")) {
                    LabeledField(
                        id: "group-concept", label: "Concept", hint: "What the terms mean, e.g. habit tracker.",
                        problems: problems["concept"]
                    )
                    .input("concept", type: "text", .required, Attribute("maxlength", "100"))
                    LabeledField(
                        id: "group-terms", label: "Term per store",
                        hint: "One a line as store: term, e.g. de: gewohnheiten. Saving tracks them; it publishes nothing.",
                        problems: problems["terms"]
                    ).textarea("terms", value: "", rows: 4, .required, Attribute("spellcheck", "false"))
                    element("button", .type("submit")) { "Save group" }
                }
            }
        }
    }

    func storefrontPicker(id: String, name: String, selected: String) -> HTML {
        LabeledField(id: id, label: "App Store country", problems: problems[name]).select(
            name, options: storefronts.map { ($0, $0.uppercased()) }, selected: selected)
    }

    @HTMLBuilder var gridPanel: HTML {
        if !grid.isEmpty && countries.count > 0 {
            element("section", .class("panel"), .id("grid"), Attribute("aria-labelledby", "grid-title")) {
                element("h2", .id("grid-title")) { "By country" }
                element("div", .class("scroll-x")) {
                    element("table", .class("list grid-table")) {
                        element("thead") {
                            element("tr") {
                                element("th") { "Concept" }
                                for country in countries { element("th", .class("num")) { country.uppercased() } }
                            }
                        }
                        element("tbody") {
                            for row in grid {
                                element("tr") {
                                    element("th", Attribute("scope", "row")) {
                                        row.concept
                                        if row.grouped { element("span", .class("badge accent")) { "group" } }
                                    }
                                    for country in countries {
                                        element("td", .class("num")) {
                                            if let cell = row.cells[country] {
                                                element("a", .href(path + "/" + cell.id), .title(cell.term)) { cell.rank.html }
                                                if row.grouped { element("div", .class("small muted")) { cell.term } }
                                            } else {
                                                element("span", .class("muted"), .title("Not tracked in this store")) { "·" }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    var competitorsPanel: HTML {
        element("section", .class("panel"), .id("competitors"), Attribute("aria-labelledby", "competitors-title")) {
            element("h2", .id("competitors-title")) { "Competitors ahead" }
            if competitors.isEmpty {
                element("p", .class("small muted")) { "No app observed above yours yet." }
            } else {
                element("ul", .class("plain stack")) {
                    for competitor in competitors.prefix(20) {
                        element("li") {
                            element("strong") { competitor.name }
                            if let seller = competitor.seller { element("span", .class("small muted")) { " · " + seller } }
                            element("div", .class("small")) {
                                competitor.ahead.map {
                                    "\($0.term) (\($0.country.uppercased())): #\($0.theirs) vs "
                                        + ($0.yours.map { "#\($0)" } ?? "not in results")
                                }
                                .joined(separator: "; ")
                            }
                        }
                    }
                }
            }
        }
    }
}
