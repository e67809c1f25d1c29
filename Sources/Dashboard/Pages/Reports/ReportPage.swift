/// One private report as the team works on it (`GET /dashboard/reports/{id}`): what the user
/// sent and where from, the triage state, the replies and notes, the timeline of every change,
/// and what the promote controls need. Fields are the store's columns of `feedback` and its
/// replies, labels and events, in the words the page uses.
public struct ReportPage: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case problem, suggestion, comment

        var title: String {
            switch self {
            case .problem: return "Problem"
            case .suggestion: return "Suggestion"
            case .comment: return "Comment"
            }
        }
    }

    public enum Status: String, Sendable, CaseIterable {
        case todo
        case inProgress = "in_progress"
        case done

        var title: String {
            switch self {
            case .todo: return "To do"
            case .inProgress: return "In progress"
            case .done: return "Done"
            }
        }
    }

    public enum Priority: String, Sendable, CaseIterable {
        case none, low, medium, high, urgent

        var title: String { self == .none ? "No priority" : rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// A teammate reports can be assigned to.
    public struct Member: Sendable, Equatable {
        public let id: String
        public let name: String
        public let email: String

        public init(id: String, name: String, email: String) {
            self.id = id
            self.name = name
            self.email = email
        }

        var shown: String { name.isEmpty ? email : name }
    }

    /// A reply the user receives, or an internal note only the team sees.
    public struct Reply: Sendable {
        public let id: String
        public let message: String
        public let isInternal: Bool
        /// Who wrote it: a member's name, or a token's name for replies sent through the API.
        public let author: String?
        public let createdAt: String
        /// Written as a reply, kept as a note because the report has nobody to read a reply.
        public let convertedToNote: Bool
        /// The email to the reporter, for a public reply of a report with an address.
        public var delivery: Delivery?

        public init(id: String, message: String, isInternal: Bool, author: String?, createdAt: String, convertedToNote: Bool = false) {
            self.id = id
            self.message = message
            self.isInternal = isInternal
            self.author = author
            self.createdAt = createdAt
            self.convertedToNote = convertedToNote
        }
    }

    /// The stored screenshot's facts; the image itself is served at `screenshotPath`.
    public struct Screenshot: Sendable {
        public let type: String?
        public let width: Int?
        public let height: Int?
        public let bytes: Int?

        public init(type: String?, width: Int?, height: Int?, bytes: Int?) {
            self.type = type
            self.width = width
            self.height = height
            self.bytes = bytes
        }
    }

    /// A board a new idea can be created on.
    public struct BoardChoice: Sendable {
        public let slug: String
        public let name: String

        public init(slug: String, name: String) {
            self.slug = slug
            self.name = name
        }
    }

    public let id: String
    public let appName: String
    public let kind: Kind
    /// The full message, already sanitized.
    public let message: String
    public let status: Status
    public let priority: Priority
    public let isRead: Bool
    public let assignee: Member?
    public let labels: [String]
    /// The contact email the user typed, if any.
    public let contactEmail: String?
    /// The verified identity's email: the only reader of public replies.
    public let verifiedEmail: String?
    public let pageURL: String
    public let pageTitle: String?
    public let locale: String?
    public let viewport: (width: Int, height: Int)?
    public let userAgent: String?
    /// `appName: Demo` lines of the stored device context, already sanitized.
    public let deviceContext: String?
    /// The stored diagnostics as readable text, already sanitized; nil or empty when none came.
    public let diagnostics: String?
    public let diagnosticsCount: Int
    public let screenshot: Screenshot?
    /// When the workspace's retention policy removed the screenshot; nil when it did not.
    public var screenshotRemovedAt: String? = nil
    public let correlationId: String
    public let createdAt: String
    public let updatedAt: String
    public let replies: [Reply]
    public let timeline: [ReportEvent]
    /// The idea this report was promoted to or linked with.
    public let idea: IdeaChoice?
    /// Teammates for the assignee choice.
    public let members: [Member]
    /// Boards of the report's app, for a new idea.
    public let boards: [BoardChoice]
    /// Ideas of the report's app to link to (the most voted first, a bounded number).
    public let linkableIdeas: [IdeaChoice]
    /// A fresh idempotency key for the reply form, so a double submit posts once.
    public let replyKey: String
    /// What a refused post had typed, by field name (`message`, `title`, `description`), put
    /// back into its form so nothing is lost.
    public var drafts: [String: String] = [:]

    public init(
        id: String, appName: String, kind: Kind, message: String, status: Status, priority: Priority, isRead: Bool,
        assignee: Member? = nil, labels: [String] = [], contactEmail: String? = nil, verifiedEmail: String? = nil,
        pageURL: String, pageTitle: String? = nil, locale: String? = nil, viewport: (width: Int, height: Int)? = nil,
        userAgent: String? = nil, deviceContext: String? = nil, diagnostics: String? = nil, diagnosticsCount: Int = 0,
        screenshot: Screenshot? = nil, correlationId: String, createdAt: String, updatedAt: String, replies: [Reply] = [],
        timeline: [ReportEvent] = [], idea: IdeaChoice? = nil, members: [Member] = [], boards: [BoardChoice] = [],
        linkableIdeas: [IdeaChoice] = [], replyKey: String
    ) {
        self.id = id
        self.appName = appName
        self.kind = kind
        self.message = message
        self.status = status
        self.priority = priority
        self.isRead = isRead
        self.assignee = assignee
        self.labels = labels
        self.contactEmail = contactEmail
        self.verifiedEmail = verifiedEmail
        self.pageURL = pageURL
        self.pageTitle = pageTitle
        self.locale = locale
        self.viewport = viewport
        self.userAgent = userAgent
        self.deviceContext = deviceContext
        self.diagnostics = diagnostics
        self.diagnosticsCount = diagnosticsCount
        self.screenshot = screenshot
        self.correlationId = correlationId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.replies = replies
        self.timeline = timeline
        self.idea = idea
        self.members = members
        self.boards = boards
        self.linkableIdeas = linkableIdeas
        self.replyKey = replyKey
    }

    /// Someone can read a public reply: the user left an email or signed in.
    public var canReceiveReplies: Bool { contactEmail != nil || verifiedEmail != nil }

    var path: String { "/dashboard/reports/" + id }
    var screenshotPath: String { path + "/screenshot" }
}
