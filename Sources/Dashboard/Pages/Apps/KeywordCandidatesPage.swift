/// The keyword candidates of an app in one store (docs "Keywords", "Candidates and difficulty"):
/// terms from its public listing and from stored searches that returned it, each with the
/// evidence it came from, terms already tracked left out. Not search-volume measurements.
/// Owners and admins track one with a click.
public struct KeywordCandidatesPage: Sendable {
    public struct Candidate: Sendable, Equatable {
        public var term: String
        /// The evidence in words: "in the title", "rank 4 for “notes”", …
        public var evidence: [String]
        public init(term: String, evidence: [String]) {
            self.term = term
            self.evidence = evidence
        }
    }

    public var projectId: String
    public var appName: String
    public var country: String
    /// `ok`, `not_found` or `unavailable`.
    public var listing: String
    public var candidates: [Candidate]
    public var canManage: Bool

    public init(projectId: String, appName: String, country: String, listing: String, candidates: [Candidate], canManage: Bool) {
        self.projectId = projectId
        self.appName = appName
        self.country = country
        self.listing = listing
        self.candidates = candidates
        self.canManage = canManage
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        let path = "/dashboard/apps/" + projectId + "/keywords"
        return PageShell.page(title: "Suggested terms · " + appName, section: .apps, viewer: viewer) {
            element("nav", .class("small"), .label("Breadcrumb")) { element("a", .href(path)) { "← Keywords of " + appName } }
            element("h1") { "Suggested terms in " + country.uppercased() }
            switch listing {
            case "not_found":
                element("p", .class("flash info")) {
                    "The store does not list the app in this country; suggestions come from stored searches only."
                }
            case "unavailable":
                element("p", .class("flash info")) {
                    "The public listing could not be read just now; suggestions come from stored searches only."
                }
            default: HTML.empty
            }
            element("p", .class("small muted")) {
                "Candidates come from the app's public listing and the stored searches that returned it. They are not search-volume measurements."
            }
            if candidates.isEmpty {
                element("div", .class("panel empty")) { element("p") { "No candidates for this store." } }
            } else {
                element("ul", .class("panel plain stack candidates")) {
                    for candidate in candidates {
                        element("li", .class("row")) {
                            element("strong") { candidate.term }
                            element("span", .class("small muted")) { candidate.evidence.joined(separator: "; ") }
                            element("span", .class("spacer"))
                            if canManage {
                                PostForm.make(action: path, token: viewer.formToken, .class("inline")) {
                                    voidElement("input", .type("hidden"), .name("terms"), .value(candidate.term))
                                    voidElement("input", .type("hidden"), .name("country"), .value(country))
                                    element("button", .type("submit"), .label("Track " + candidate.term)) { "Track" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
