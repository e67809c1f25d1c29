/// The boards of an app and their statuses (`GET /dashboard/ideas/boards?app=`), from
/// `IngestStore.boards(projectId:)` (`Board`, `BoardStatus`). Owners and admins edit them;
/// members read them.
public struct BoardsPage: Sendable {
    /// Which new items wait for approval (`BoardModeration`).
    public enum Moderation: String, Sendable, CaseIterable {
        case none, ideas, comments, all

        var title: String {
            switch self {
            case .none: return "Nothing waits for review"
            case .ideas: return "New ideas wait for review"
            case .comments: return "New comments wait for review"
            case .all: return "New ideas and comments wait for review"
            }
        }
    }

    /// Who may submit, vote or comment (`Participation`).
    public enum Participation: String, Sendable, CaseIterable {
        case anyone, identified, disabled

        var title: String {
            switch self {
            case .anyone: return "Anyone"
            case .identified: return "Signed-in users only"
            case .disabled: return "Nobody"
            }
        }
    }

    public struct Status: Sendable {
        public let id: String
        public let slug: String
        public let label: String
        public let color: String
        public let isDefault: Bool
        public let isFinal: Bool

        public init(id: String, slug: String, label: String, color: String, isDefault: Bool = false, isFinal: Bool = false) {
            self.id = id
            self.slug = slug
            self.label = label
            self.color = color
            self.isDefault = isDefault
            self.isFinal = isFinal
        }
    }

    public struct Board: Sendable {
        public let id: String
        public let slug: String
        public let name: String
        public let description: String?
        public let moderation: Moderation
        public let submission: Participation
        public let vote: Participation
        public let comment: Participation
        public let statuses: [Status]

        public init(
            id: String, slug: String, name: String, description: String? = nil, moderation: Moderation = .none,
            submission: Participation = .anyone, vote: Participation = .anyone, comment: Participation = .anyone, statuses: [Status]
        ) {
            self.id = id
            self.slug = slug
            self.name = name
            self.description = description
            self.moderation = moderation
            self.submission = submission
            self.vote = vote
            self.comment = comment
            self.statuses = statuses
        }

        var path: String { "/dashboard/ideas/boards/" + id }
    }

    public let apps: [CommunityApp]
    public let app: CommunityApp?
    public let boards: [Board]

    public init(apps: [CommunityApp], app: CommunityApp?, boards: [Board] = []) {
        self.apps = apps
        self.app = app
        self.boards = boards
    }
}
