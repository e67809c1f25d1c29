/// The boards manager: each board with its rules and statuses as the public meets them;
/// owners and admins open the editors below each one and create new boards, members only read.
extension BoardsPage {
    /// docs/openapi.yaml, boards and statuses: slug `[a-z0-9][a-z0-9-]{0,62}`, name 1–80,
    /// description up to 500, status label 1–40, color `#RRGGBB`.
    static let slugPattern = "[a-z0-9][a-z0-9\\-]{0,62}"
    static let nameLimit = 80
    static let descriptionLimit = 500
    static let labelLimit = 40

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        IdeasNav.page(title: "Boards", tab: .boards, apps: apps, app: app, viewer: viewer, notice: notice) { app in
            if !viewer.managesBoards {
                element("p", .class("muted small")) { "Owners and admins change boards and statuses." }
            }
            if boards.isEmpty {
                element("div", .class("panel empty")) {
                    element("p") { app.name + " has no board yet. Ideas are posted on a board." }
                }
            }
            for board in boards { boardPanel(board, viewer) }
            if viewer.managesBoards { createPanel(app, viewer) }
        }
    }

    func boardPanel(_ board: Board, _ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel board"), .id("board-" + board.slug)) {
            element("h2") {
                board.name + " "
                element("span", .class("mono small muted")) { board.slug }
            }
            if let description = board.description, !description.isEmpty { element("p") { description } }
            element("dl", .class("facts")) {
                element("dt") { "Review" }
                element("dd") { board.moderation.title }
                element("dt") { "Post ideas" }
                element("dd") { board.submission.title }
                element("dt") { "Vote" }
                element("dd") { board.vote.title }
                element("dt") { "Comment" }
                element("dd") { board.comment.title }
            }
            element("h3") { "Statuses" }
            element("ul", .class("statuses")) {
                for status in board.statuses {
                    element("li") {
                        IdeaBadges.status(IdeaStatus(slug: status.slug, label: status.label, color: status.color))
                        " "
                        element("span", .class("mono small muted")) { status.slug }
                        if status.isDefault {
                            " "
                            element("span", .class("badge")) { "Default for new ideas" }
                        }
                        if status.isFinal {
                            " "
                            element("span", .class("badge")) { "Closes the idea" }
                        }
                    }
                }
            }
            if viewer.managesBoards {
                element("details", .class("fold")) {
                    element("summary") { "Edit board" }
                    PostForm.make(action: board.path, token: viewer.formToken) {
                        BoardsPage.boardFields(board, prefix: "board-" + board.id)
                        element("button", .type("submit"), .class("primary")) { "Save board" }
                    }
                }
                element("details", .class("fold")) {
                    element("summary") { "Edit statuses" }
                    element("p", .class("small muted")) {
                        "Each status has a label, a slug (the SDK filters by it) and a color. A closing status ends the idea's "
                            + "open life; the default one is given to new ideas."
                    }
                    for status in board.statuses { BoardsPage.statusForm(board, status, viewer) }
                    BoardsPage.newStatusForm(board, viewer)
                }
            }
        }
    }

    /// Name, description, review and the three policies; the slug only when creating, since
    /// the SDK and the hosted roadmap address boards by it.
    static func boardFields(_ board: Board?, prefix: String) -> HTML {
        HTMLBuilder.join([
            board == nil
                ? field(prefix + "-slug", "Slug", hint: "Lowercase letters, digits and -, as the SDK names the board.") {
                    voidElement(
                        "input", .type("text"), .id(prefix + "-slug"), .name("slug"), .required, Attribute("pattern", slugPattern),
                        Attribute("maxlength", "63"), Attribute("aria-describedby", prefix + "-slug-hint"))
                } : .empty,
            field(prefix + "-name", "Name", hint: "1–\(nameLimit) characters.") {
                voidElement(
                    "input", .type("text"), .id(prefix + "-name"), .name("name"), .value(board?.name ?? ""), .required,
                    Attribute("maxlength", String(nameLimit)), Attribute("aria-describedby", prefix + "-name-hint"))
            },
            field(prefix + "-description", "Description", hint: "Optional, up to \(descriptionLimit) characters.") {
                element(
                    "textarea", .id(prefix + "-description"), .name("description"), Attribute("maxlength", String(descriptionLimit)),
                    Attribute("aria-describedby", prefix + "-description-hint")
                ) { board?.description ?? "" }
            },
            element("div", .class("fieldgrid")) {
                choice(prefix + "-moderation", "Review", name: "moderation", Moderation.allCases, board?.moderation ?? .none) { $0.title }
                choice(
                    prefix + "-submission", "Who may post ideas", name: "submission", Participation.allCases, board?.submission ?? .anyone
                ) {
                    $0.title
                }
                choice(prefix + "-vote", "Who may vote", name: "vote", Participation.allCases, board?.vote ?? .anyone) { $0.title }
                choice(prefix + "-comment", "Who may comment", name: "comment", Participation.allCases, board?.comment ?? .anyone) {
                    $0.title
                }
            },
        ])
    }

    static func field(_ id: String, _ label: String, hint: String, @HTMLBuilder control: () -> HTML) -> HTML {
        element("div", .class("field")) {
            element("label", Attribute("for", id)) { label }
            control()
            FeedbackPageParts.hint(id + "-hint", hint)
        }
    }

    static func choice<T: RawRepresentable & Equatable>(
        _ id: String, _ label: String, name: StaticString, _ cases: [T], _ current: T, title: (T) -> String
    ) -> HTML where T.RawValue == String {
        element("div", .class("field")) {
            element("label", Attribute("for", id)) { label }
            element("select", .id(id), Attribute("name", name.description)) {
                for item in cases {
                    element("option", item == current ? [.value(item.rawValue), .selected] : [.value(item.rawValue)]) { title(item) }
                }
            }
        }
    }

    /// One status in a row of its own: label, slug, color, closing and default. The default
    /// status cannot close ideas and stays the default until another one is made it.
    static func statusForm(_ board: Board, _ status: Status, _ viewer: PageShell.Viewer) -> HTML {
        let prefix = "status-" + status.id
        return element("div", .class("status-edit")) {
            PostForm.make(action: board.path + "/statuses/" + status.id, token: viewer.formToken, .class("row")) {
                statusInputs(prefix, status)
                if status.isDefault {
                    element("span", .class("badge")) { "Default" }
                } else {
                    checkbox(prefix + "-default", "default", "Make default", checked: false)
                }
                element("button", .type("submit")) { "Save" }
            }
            if !status.isDefault {
                PostForm.make(
                    action: board.path + "/statuses/" + status.id + "/delete", token: viewer.formToken,
                    confirm: "Delete the status “" + status.label + "”? Only a status no idea uses can be deleted."
                ) {
                    element("button", .type("submit"), .class("link"), .label("Delete the status " + status.label)) { "Delete" }
                }
            }
        }
    }

    static func newStatusForm(_ board: Board, _ viewer: PageShell.Viewer) -> HTML {
        PostForm.make(action: board.path + "/statuses", token: viewer.formToken, .class("row status-edit new")) {
            statusInputs("new-status-" + board.id, nil)
            element("button", .type("submit"), .class("primary")) { "Add status" }
        }
    }

    static func statusInputs(_ prefix: String, _ status: Status?) -> HTML {
        HTMLBuilder.join([
            element("label", Attribute("for", prefix + "-label"), .class("visually-hidden")) { "Label" },
            voidElement(
                "input", .type("text"), .id(prefix + "-label"), .name("label"), .value(status?.label ?? ""), .required,
                Attribute("maxlength", String(labelLimit)), Attribute("placeholder", "Label")),
            element("label", Attribute("for", prefix + "-slug"), .class("visually-hidden")) { "Slug" },
            voidElement(
                "input", .type("text"), .id(prefix + "-slug"), .name("slug"), .value(status?.slug ?? ""), .required,
                Attribute("pattern", slugPattern), Attribute("maxlength", "63"), Attribute("placeholder", "slug")),
            element("label", Attribute("for", prefix + "-color"), .class("visually-hidden")) { "Color" },
            voidElement(
                "input", .type("color"), .id(prefix + "-color"), .name("color"),
                .value(IdeaBadges.isColor(status?.color ?? "") ? status!.color.lowercased() : "#6b7280")),
            status?.isDefault == true ? .empty : checkbox(prefix + "-final", "final", "Closes the idea", checked: status?.isFinal ?? false),
        ])
    }

    static func checkbox(_ id: String, _ name: StaticString, _ label: String, checked: Bool) -> HTML {
        element("label", Attribute("for", id), .class("check")) {
            voidElement(
                "input",
                checked
                    ? [.type("checkbox"), .id(id), Attribute("name", name.description), .value("1"), .checked]
                    : [.type("checkbox"), .id(id), Attribute("name", name.description), .value("1")])
            label
        }
    }

    func createPanel(_ app: CommunityApp, _ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .id("new-board")) {
            // Open at once when there is no board yet: making one is then the only thing to do here.
            element("details", boards.isEmpty ? [.class("fold"), Attribute(boolean: "open")] : [.class("fold")]) {
                element("summary") { "New board" }
                PostForm.make(action: IdeasNav.Tab.boards.path, token: viewer.formToken) {
                    voidElement("input", .type("hidden"), .name("app"), .value(app.id))
                    BoardsPage.boardFields(nil, prefix: "new-board")
                    element("p", .class("small muted")) {
                        "A new board starts with the statuses open (the default), planned, in progress, done and declined; edit them after."
                    }
                    element("button", .type("submit"), .class("primary")) { "Create board" }
                }
            }
        }
    }
}
