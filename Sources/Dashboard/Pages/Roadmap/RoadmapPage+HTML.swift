extension RoadmapPage {
    /// The page; its address (without cursor) is where its forms come back to.
    public var html: HTML {
        let copy = site.copy
        let here = link()
        return PublicShell.page(site: site, title: copy.roadmap, section: .roadmap, path: here, notice: notice.map { .ok($0.text(copy)) }) {
            element("h1") { site.appName + " · " + copy.roadmap }
            if boards.count > 1 {
                element("nav", .class("tabs public-boards"), .label(copy.boards)) {
                    tab(copy.allBoards, link(board: .some(nil), status: .some(nil)), current: board == nil)
                    for item in boards {
                        tab(item.name, link(board: .some(item.slug), status: .some(nil)), current: board == item.slug)
                    }
                }
            }
            if let described = boards.first(where: { $0.slug == board })?.description, !described.isEmpty {
                element("p", .class("muted")) { described }
            }
            if !columns.isEmpty && search.isEmpty && !paged {
                element("section", .class("public-columns"), .label(copy.roadmap)) {
                    for column in columns { columnHTML(column, back: here) }
                }
            }
            element("section", .class("panel public-list"), .label(copy.ideas)) {
                toolbar
                if ideas.isEmpty {
                    element("p", .class("empty")) { search.isEmpty ? copy.noIdeas : copy.noResults }
                } else {
                    element("ol", .class("public-ideas")) {
                        for idea in ideas { RoadmapIdeaRow.row(idea, site: site, back: here) }
                    }
                }
                if paged || nextCursor != nil {
                    element("nav", .class("pager row")) {
                        if paged { element("a", .href(link())) { copy.firstPage } }
                        if let nextCursor { element("a", .class("button"), .href(link(cursor: nextCursor))) { copy.nextPage } }
                    }
                }
            }
            suggestForm(back: here)
        }
    }

    func tab(_ title: String, _ href: String, current: Bool) -> HTML {
        element("a", current ? [.href(href), Attribute("aria-current", "page")] : [.href(href)]) { title }
    }

    func columnHTML(_ column: RoadmapColumn, back: String) -> HTML {
        let copy = site.copy
        return element("div", .class("public-column")) {
            element("h2", .class("row")) {
                IdeaBadges.swatch(column.color)
                element("span") { column.label }
            }
            if column.ideas.isEmpty {
                element("p", .class("muted small")) { copy.emptyColumn }
            } else {
                element("ol", .class("public-ideas compact")) {
                    for idea in column.ideas { RoadmapIdeaRow.row(idea, site: site, back: back) }
                }
                element("a", .class("small"), .href(link(status: .some(column.slug)))) { copy.seeAll }
            }
        }
    }

    /// Search (a GET form, so the address can be shared) and the three orders.
    var toolbar: HTML {
        let copy = site.copy
        return element("div", .class("public-toolbar")) {
            element(
                "form", Attribute("method", "get"), Attribute("action", site.paths.roadmap), Attribute("role", "search"), .class("row grow")
            ) {
                if let board { voidElement("input", .type("hidden"), .name("board"), .value(board)) }
                if let status { voidElement("input", .type("hidden"), .name("status"), .value(status)) }
                if sort != .top { voidElement("input", .type("hidden"), .name("sort"), .value(sort.rawValue)) }
                voidElement(
                    "input", .type("search"), .name("q"), .value(search), .label(copy.searchLabel),
                    Attribute("placeholder", copy.searchLabel),
                    Attribute("maxlength", "120"))
                element("button", .type("submit")) { copy.search }
            }
            element("nav", .class("tabs public-sort"), .label(copy.sortLabel)) {
                tab(copy.sortTop, link(sort: .top), current: sort == .top)
                tab(copy.sortRecent, link(sort: .recent), current: sort == .recent)
                tab(copy.sortDiscussed, link(sort: .discussed), current: sort == .discussed)
            }
        }
    }

    /// The form to suggest an idea on a board that lets this visitor; a note to sign in from
    /// the app where only identified people may.
    func suggestForm(back: String) -> HTML {
        let copy = site.copy
        let open = boards.filter { $0.submit == .open }
        let preferred = open.first { $0.slug == board } ?? open.first
        guard preferred != nil || boards.contains(where: { $0.submit == .signIn }) else { return .empty }
        return element("section", .class("panel public-suggest"), .id("suggest")) {
            element("h2") { copy.suggestTitle }
            if let preferred {
                PublicShell.form(site: site, action: site.paths.ideas, .class("stack")) {
                    voidElement("input", .type("hidden"), .name("back"), .value(back))
                    if open.count > 1 {
                        element("label", .class("field")) {
                            element("span") { copy.boardLabel }
                            element("select", .name("board")) {
                                for item in open {
                                    element("option", item.slug == preferred.slug ? [.value(item.slug), .selected] : [.value(item.slug)]) {
                                        item.name
                                    }
                                }
                            }
                        }
                    } else {
                        voidElement("input", .type("hidden"), .name("board"), .value(preferred.slug))
                    }
                    element("label", .class("field")) {
                        element("span") { copy.titleLabel }
                        voidElement(
                            "input", .type("text"), .name("title"), .required, Attribute("minlength", "4"), Attribute("maxlength", "140"))
                        element("span", .class("hint")) { copy.titleHint }
                    }
                    element("label", .class("field")) {
                        element("span") { copy.descriptionLabel }
                        element("textarea", .name("description"), Attribute("rows", "4"), Attribute("maxlength", "4000"))
                        element("span", .class("hint")) { copy.descriptionHint }
                    }
                    if site.signedInEmail == nil {
                        element("label", .class("field")) {
                            element("span") { copy.nameLabel }
                            voidElement(
                                "input", .type("text"), .name("authorName"), Attribute("maxlength", "80"),
                                Attribute("autocomplete", "nickname"))
                            element("span", .class("hint")) { copy.nameHint }
                        }
                    }
                    element("button", .type("submit"), .class("primary")) { copy.sendIdea }
                }
            } else {
                element("p", .class("muted")) { copy.openInApp }
            }
        }
    }
}
