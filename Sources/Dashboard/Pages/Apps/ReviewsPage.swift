/// `GET /dashboard/apps/{id}/reviews`: an imported app's App Store reviews (docs "Reviews"), the
/// newest 200 matching the filters (rating, territory, unanswered, open or done), each with its
/// stars, title, text, territory and date, Apple's response state apart from the team's
/// open/done, and a link to its page. Owners and admins also synchronize with Apple.
public struct ReviewsPage: Sendable {
    public struct Review: Sendable, Equatable {
        public var id: String
        public var rating: Int
        public var title: String?
        public var body: String?
        public var reviewer: String?
        public var territory: String?
        public var createdAt: String
        public var hasResponse: Bool
        public var responseState: String?
        /// `open` or `done`.
        public var status: String
        public var ideaId: String?
        public init(
            id: String, rating: Int, title: String?, body: String?, reviewer: String?, territory: String?, createdAt: String,
            hasResponse: Bool, responseState: String?, status: String, ideaId: String?
        ) {
            self.id = id
            self.rating = rating
            self.title = title
            self.body = body
            self.reviewer = reviewer
            self.territory = territory
            self.createdAt = createdAt
            self.hasResponse = hasResponse
            self.responseState = responseState
            self.status = status
            self.ideaId = ideaId
        }
    }

    /// The filters as the query gives them (empty: any).
    public struct Filters: Sendable, Equatable {
        public var rating: String
        public var territory: String
        /// `false` for unanswered, `true` for answered.
        public var answered: String
        public var status: String
        public init(rating: String = "", territory: String = "", answered: String = "", status: String = "") {
            self.rating = rating
            self.territory = territory
            self.answered = answered
            self.status = status
        }
        var isEmpty: Bool { self == Filters() }
    }

    /// Why there is nothing to read yet.
    public enum Availability: Sendable, Equatable {
        case ready
        /// The project is not linked to an App Store app.
        case notImported
        /// The organization has no App Store Connect connection (stored reviews still show).
        case notConnected
    }

    public static let limit = 200

    public var projectId: String
    public var appName: String
    public var reviews: [Review]
    public var filters: Filters
    public var availability: Availability
    public var canManage: Bool
    public var problems: FormProblems

    public init(
        projectId: String, appName: String, reviews: [Review], filters: Filters, availability: Availability, canManage: Bool,
        problems: FormProblems = .none
    ) {
        self.projectId = projectId
        self.appName = appName
        self.reviews = reviews
        self.filters = filters
        self.availability = availability
        self.canManage = canManage
        self.problems = problems
    }

    var path: String { "/dashboard/apps/" + projectId + "/reviews" }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Reviews · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "Reviews of " + appName }
                if canManage && availability != .notImported {
                    PostForm.make(action: path + "/sync", token: viewer.formToken, .class("inline")) {
                        element("button", .type("submit"), .class("primary")) { "Synchronize" }
                    }
                }
            }
            AppNav.html(projectId: projectId, current: .reviews)
            switch availability {
            case .notImported:
                element("div", .class("panel empty")) {
                    element("p") { "This app is not linked to an App Store app, so it has no App Store reviews here." }
                    element("p", .class("small")) {
                        element("a", .href("/dashboard/apps#app-store-connect")) { "Connect App Store Connect and import the app" }
                        " to read and answer its reviews."
                    }
                }
            case .notConnected, .ready:
                if availability == .notConnected {
                    element("p", .class("flash info"), Attribute("role", "status")) {
                        "App Store Connect is not connected, so reviews cannot be synchronized or answered. "
                        element("a", .href("/dashboard/apps#app-store-connect")) { "Connect it in Apps." }
                    }
                }
                filterForm
                list
            }
        }
    }

    var filterForm: HTML {
        element("form", Attribute("method", "get"), Attribute("action", path), .class("panel filters row")) {
            LabeledField(id: "f-rating", label: "Rating", problems: problems["rating"]).select(
                "rating", options: [("", "Any")] + (1...5).reversed().map { (String($0), "\($0) ★") }, selected: filters.rating)
            LabeledField(id: "f-territory", label: "Territory", problems: problems["territory"]).input(
                "territory", type: "text", value: filters.territory, Attribute("placeholder", "USA"), Attribute("maxlength", "3"),
                Attribute("size", "5"), Attribute("autocapitalize", "characters"))
            LabeledField(id: "f-answered", label: "Response", problems: problems["answered"]).select(
                "answered", options: [("", "Any"), ("false", "Unanswered"), ("true", "Answered")], selected: filters.answered)
            LabeledField(id: "f-status", label: "Status", problems: problems["status"]).select(
                "status", options: [("", "Any"), ("open", "Open"), ("done", "Done")], selected: filters.status)
            element("div", .class("row")) {
                element("button", .type("submit")) { "Filter" }
                if !filters.isEmpty { element("a", .class("button"), .href(path)) { "Clear" } }
            }
        }
    }

    @HTMLBuilder var list: HTML {
        if reviews.isEmpty {
            element("div", .class("panel empty")) {
                element("p") { filters.isEmpty ? "No reviews stored yet." : "No review matches these filters." }
                element("p", .class("small")) { "Synchronize to fetch the newest reviews from Apple." }
            }
        } else {
            element("p", .class("small muted")) {
                reviews.count >= Self.limit
                    ? "The newest \(Self.limit) matching reviews; older ones are not listed here."
                    : "\(reviews.count) matching reviews, newest first."
            }
            element("ul", .class("reviews")) {
                for review in reviews { item(review) }
            }
        }
    }

    func item(_ review: Review) -> HTML {
        element("li", .class("panel review-item"), .id("review-" + review.id)) {
            element("div", .class("row")) {
                ReviewText.stars(review.rating)
                element("a", .class("subject"), .href(path + "/" + review.id)) { review.title ?? "(no title)" }
                element("span", .class("spacer"))
                ReviewText.response(review.responseState, hasResponse: review.hasResponse)
                ReviewText.status(review.status)
            }
            if let body = review.body { element("p", .class("review-body")) { body } }
            element("p", .class("small muted")) {
                (review.reviewer ?? "Someone") + " · " + (review.territory ?? "unknown territory") + " · "
                TimeText.html(review.createdAt)
                if review.ideaId != nil { " · promoted to an idea" }
            }
        }
    }
}
