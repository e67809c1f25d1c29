/// `GET /dashboard/request-feature`: a member tells the AppNorth team what they need, as a
/// report filed in the hub's feedback project (`POST`, multipart with one optional
/// screenshot). Without a project to file in, or on a plan without a subscription, the same
/// form prepares an email instead. A refused post draws the form again with what was typed.
public struct FeatureRequestPage: Sendable {
    public static let path = "/dashboard/request-feature"

    public struct Choice: Sendable {
        public let value: String
        public let label: String
        public let hint: String
    }

    public static let types: [Choice] = [
        Choice(value: "new_feature", label: "New feature", hint: "Something AppNorth does not do yet."),
        Choice(value: "improvement", label: "Improvement", hint: "Something that exists could work better."),
        Choice(value: "problem", label: "Problem", hint: "Something does not work as it should."),
    ]
    public static let importances: [Choice] = [
        Choice(value: "low", label: "Nice to have", hint: ""),
        Choice(value: "medium", label: "Important", hint: ""),
        Choice(value: "high", label: "Blocks my work", hint: ""),
    ]

    static func typeLabel(_ value: String) -> String? { types.first { $0.value == value }?.label }
    static func importanceLabel(_ value: String) -> String? { importances.first { $0.value == value }?.label }

    /// How a request leaves the hub.
    public enum Delivery: Sendable, Equatable {
        /// Filed as a report in the feedback project.
        case live
        /// No feedback project is configured, or its App ID names none.
        case emailNotConfigured
        /// The organization's plan has no active subscription.
        case emailPlanRequired
    }

    public struct Values: Sendable, Equatable {
        public var type: String
        public var title: String
        public var details: String
        public var importance: String

        public init(type: String = "new_feature", title: String = "", details: String = "", importance: String = "") {
            self.type = type
            self.title = title
            self.details = details
            self.importance = importance
        }
    }

    public enum Outcome: Sendable, Equatable {
        /// Filed; `screenshotLost` when the text was saved but the screenshot was not.
        case sent(screenshotLost: Bool)
        /// The email draft is ready to open.
        case emailReady
        case refused
        case throttled(retryAfterSeconds: Int)
        case busy
    }

    public var delivery: Delivery
    public var values: Values
    public var problems: FormProblems
    public var outcome: Outcome?

    public init(delivery: Delivery, values: Values = Values(), problems: FormProblems = .none, outcome: Outcome? = nil) {
        self.delivery = delivery
        self.values = values
        self.problems = problems
        self.outcome = outcome
    }

    var notice: PageShell.Notice? {
        switch outcome {
        case .refused: return .problem("Your request was not sent. See below.")
        case .throttled(let seconds):
            return .problem("You have sent five requests in the last hour, so this one was not sent. " + RetryText.tryAgain(in: seconds))
        case .busy: return .problem("This is busy right now, so your request was not sent. Try again in a moment.")
        case .sent, .emailReady, nil: break
        }
        switch delivery {
        case .live: return nil
        case .emailNotConfigured: return .info("This hub does not deliver requests itself: send yours to the AppNorth team by email.")
        case .emailPlanRequired:
            return .info("Live submission requires an active subscription. You can still send your request by email.")
        }
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        PageShell.page(title: "Request a feature", section: .requestFeature, viewer: viewer, notice: notice) {
            if case .sent(let screenshotLost) = outcome {
                sent(screenshotLost: screenshotLost, email: viewer.email)
            } else {
                element("h1") { "Request a feature" }
                element("p", .class("muted")) {
                    "Tell the AppNorth team what you need, what could be better, or what does not work."
                }
                if outcome == .emailReady { emailReady }
                form(viewer)
            }
        }
    }

    private func sent(screenshotLost: Bool, email: String) -> HTML {
        element("section", .class("panel stack"), Attribute("aria-labelledby", "sent-title")) {
            element("h1", .id("sent-title")) { "Request sent" }
            element("p") { "Thank you. The AppNorth team has your request and replies by email to " + email + "." }
            if screenshotLost {
                element("div", .class("flash bad"), Attribute("role", "alert")) {
                    "Your request was saved, but the screenshot could not be stored. Send it in your reply to the team's email if it matters."
                }
            }
            element("div", .class("row")) {
                element("a", .class("button primary"), .href(Self.path)) { "Send another request" }
                element("a", .class("button"), .href("/dashboard")) { "Back to the inbox" }
            }
        }
    }

    private var emailReady: HTML {
        element("section", .class("panel stack"), Attribute("aria-labelledby", "email-title")) {
            element("h2", .id("email-title")) { "Your email is ready" }
            element("p") {
                "It opens in your email program, addressed to " + FeatureRequestMail.address
                    + " with your title, type, importance and details. Attach a screenshot there by hand."
            }
            element("div", .class("row")) {
                element("a", .class("button primary"), .href(FeatureRequestMail.url(values)), .id("send-by-email")) { "Send by email" }
            }
        }
    }

    private func form(_ viewer: PageShell.Viewer) -> HTML {
        let live = delivery == .live
        return element("section", .class("panel"), .label("Your request")) {
            PostForm.make(action: Self.path, token: viewer.formToken, .class("stack"), multipart: live) {
                RadioChoices(
                    name: "type", legend: "What is it?",
                    choices: Self.types.map { .init(value: $0.value, label: $0.label, hint: $0.hint) }, selected: values.type,
                    problems: problems["type"]
                ).html
                LabeledField(id: "request-title", label: "Title", hint: "Up to 180 characters.", problems: problems["title"])
                    .input("title", type: "text", value: values.title, .required, Attribute("maxlength", "180"))
                LabeledField(
                    id: "request-details", label: "Details (optional)", hint: "Up to 4,000 characters: what you tried, what you expected.",
                    problems: problems["details"]
                )
                .textarea("details", value: values.details, rows: 6, Attribute("maxlength", "4000"))
                LabeledField(id: "request-importance", label: "Importance (optional)", problems: problems["importance"])
                    .select(
                        "importance", options: [("", "Not set")] + Self.importances.map { ($0.value, $0.label) },
                        selected: values.importance)
                if live {
                    LabeledField(
                        id: "request-screenshot", label: "Screenshot (optional)",
                        hint: "One PNG, JPEG or WebP image up to 5 MB; it is resized to at most 1,600 pixels on its longest side.",
                        problems: problems["screenshot"]
                    )
                    .input("screenshot", type: "file", Attribute("accept", "image/png,image/jpeg,image/webp"))
                    // The page's script fills these; without it the request goes without them.
                    voidElement("input", .type("hidden"), .name("viewportWidth"), .data("data-fill", "viewport-width"))
                    voidElement("input", .type("hidden"), .name("viewportHeight"), .data("data-fill", "viewport-height"))
                    voidElement("input", .type("hidden"), .name("language"), .data("data-fill", "language"))
                    element("p", .class("small muted")) {
                        "The team sees your name, email, workspace and plan with your request, and replies to you by email."
                    }
                    element("button", .type("submit"), .class("primary")) { "Send request" }
                } else {
                    element("p", .class("small muted")) { "Attach a screenshot to the email by hand." }
                    element("button", .type("submit"), .class("primary")) { "Prepare email" }
                }
            }
        }
    }
}
