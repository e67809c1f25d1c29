/// A public page that only says something: a refused handoff link, a refused or failed post,
/// a page that is not there. In the visitor's language, with a way back.
public struct RoadmapMessagePage: Sendable {
    public enum Reason: Sendable {
        case handoffUsed, handoffExpired, handoffUnknown
        case notFound
        case staleForm, foreignOrigin, needsSignIn, actionDisabled, tooMany, failed
        /// The fields of a refused idea or comment, with what is wrong with each.
        case problems([(field: String, messages: [String])])
    }

    public let site: RoadmapSite
    public let reason: Reason
    /// Where "Go back" leads.
    public let back: String

    public init(site: RoadmapSite, reason: Reason, back: String? = nil) {
        self.site = site
        self.reason = reason
        self.back = back ?? site.paths.roadmap
    }

    var title: String {
        let copy = site.copy
        switch reason {
        case .handoffUsed, .handoffExpired, .handoffUnknown: return copy.handoffTitle
        case .notFound: return copy.notFoundTitle
        case .problems: return copy.problemsTitle
        default: return copy.refusedTitle
        }
    }

    public var html: HTML {
        let copy = site.copy
        return PublicShell.page(site: site, title: title, section: .roadmap, path: site.paths.roadmap) {
            element("section", .class("panel public-message"), Attribute("role", "alert")) {
                element("h1") { title }
                switch reason {
                case .handoffUsed: element("p") { copy.handoffUsed }
                case .handoffExpired: element("p") { copy.handoffExpired }
                case .handoffUnknown: element("p") { copy.handoffUnknown }
                case .notFound: element("p") { copy.notFound }
                case .staleForm: element("p") { copy.staleForm }
                case .foreignOrigin: element("p") { copy.foreignOrigin }
                case .needsSignIn: element("p") { copy.needsSignIn }
                case .actionDisabled: element("p") { copy.actionDisabled }
                case .tooMany: element("p") { copy.tooMany }
                case .failed: element("p") { copy.failed }
                case .problems(let fields):
                    element("ul") {
                        for field in fields {
                            element("li") {
                                element("code") { field.field }
                                " " + field.messages.joined(separator: "; ")
                            }
                        }
                    }
                }
                switch reason {
                case .handoffUsed, .handoffExpired, .handoffUnknown: element("p", .class("muted")) { copy.handoffHint }
                default: HTML.empty
                }
                element("p") { element("a", .class("button primary"), .href(back)) { copy.goBack } }
            }
        }
    }
}
