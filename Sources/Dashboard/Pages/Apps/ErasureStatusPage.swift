/// `GET /dashboard/erasures/{id}`: one erasure's progress, each daemon's state and what it
/// erased. While pending the page reloads itself every `refreshSeconds`, without script.
public struct ErasureStatusPage: Sendable {
    public struct Part: Sendable, Equatable {
        /// `chatd`, `pushd`, `ingest`, …
        public var daemon: String
        public var done: Bool
        /// What was erased, by kind, in name order.
        public var erased: [(kind: String, count: Int)]
        public var lastError: String?
        public var attempts: Int

        public init(daemon: String, done: Bool, erased: [(kind: String, count: Int)], lastError: String?, attempts: Int) {
            self.daemon = daemon
            self.done = done
            self.erased = erased
            self.lastError = lastError
            self.attempts = attempts
        }

        public static func == (a: Part, b: Part) -> Bool {
            a.daemon == b.daemon && a.done == b.done
                && a.erased.map { "\($0.kind)=\($0.count)" } == b.erased.map { "\($0.kind)=\($0.count)" }
                && a.lastError == b.lastError && a.attempts == b.attempts
        }
    }

    public static let refreshSeconds = 3

    public var id: String
    public var projectId: String?
    public var appName: String
    public var done: Bool
    public var createdAt: String
    public var completedAt: String?
    /// In the order the daemons are asked.
    public var parts: [Part]

    public init(
        id: String, projectId: String?, appName: String, done: Bool, createdAt: String, completedAt: String?, parts: [Part]
    ) {
        self.id = id
        self.projectId = projectId
        self.appName = appName
        self.done = done
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.parts = parts
    }

    /// What each daemon is, for people who do not know the hub's insides.
    static func label(_ daemon: String) -> String {
        switch daemon {
        case "chatd": return "Chat"
        case "pushd": return "Push and integrations"
        case "ingest": return "Reports, votes and community"
        case "asod": return "App Store tools"
        case "marketd": return "Market"
        default: return daemon
        }
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(
            title: "Erasure · " + appName, section: .apps, viewer: viewer, notice: notice, refreshSeconds: done ? nil : Self.refreshSeconds
        ) {
            if let projectId { element("p", .class("small")) { element("a", .href("/dashboard/apps/" + projectId)) { "← " + appName } } }
            element("section", .class("panel"), .id("erasure-status"), Attribute("aria-labelledby", "erasure-status-title")) {
                element("div", .class("row")) {
                    element("h1", .id("erasure-status-title")) { "Erasure" }
                    element("span", .class("spacer"))
                    done ? element("span", .class("badge ok")) { "Done" } : element("span", .class("badge warn")) { "Pending" }
                }
                element("p", .class("small muted"), Attribute("role", "status"), Attribute("aria-live", "polite")) {
                    "Requested "
                    TimeText.html(createdAt)
                    if let completedAt {
                        ", finished "
                        TimeText.html(completedAt)
                        ". Nothing here names the person any more."
                    } else {
                        ". Each part of the hub erases what it holds; this page updates itself until all are done."
                    }
                }
                element("table", .class("list")) {
                    element("thead") {
                        element("tr") {
                            element("th", Attribute("scope", "col")) { "Part" }
                            element("th", Attribute("scope", "col")) { "State" }
                            element("th", Attribute("scope", "col")) { "Erased" }
                        }
                    }
                    element("tbody") {
                        for part in parts { row(part) }
                    }
                }
            }
        }
    }

    func row(_ part: Part) -> HTML {
        element("tr", .id("part-" + part.daemon)) {
            element("td") { element("strong") { Self.label(part.daemon) } }
            element("td") {
                part.done ? element("span", .class("badge ok")) { "Done" } : element("span", .class("badge warn")) { "Pending" }
                if let lastError = part.lastError, !part.done {
                    element("div", .class("small muted")) { "Will retry after: " + lastError }
                }
            }
            element("td") {
                if part.erased.isEmpty {
                    part.done ? "Nothing held" : "—"
                } else {
                    element("ul", .class("plain")) {
                        for (kind, count) in part.erased { element("li") { ErasureStatusPage.kindLabel(kind) + ": " + String(count) } }
                    }
                }
            }
        }
    }

    /// `queuedPushes` → "queued pushes".
    static func kindLabel(_ kind: String) -> String {
        var out = ""
        for character in kind {
            if character.isUppercase { out += " " + character.lowercased() } else { out.append(character) }
        }
        return out
    }
}
