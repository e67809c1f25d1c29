/// `email.digest.recipients`: every member of the hub who wants the daily digest, with the
/// apps they may see, a page at a time (by member ID), answered by ingest for pushd's
/// `email-digest` job.
public enum EmailDigestRecipients: RPCMessage {
    public static let type = "email.digest.recipients"
    /// Most members per page.
    public static let maximumPage = 200

    public struct Request: Codable, Equatable, Sendable {
        /// The last member ID of the previous page; nil for the first.
        public var after: String?
        public var limit: Int
        public init(after: String? = nil, limit: Int = EmailDigestRecipients.maximumPage) {
            self.after = after
            self.limit = limit
        }
    }

    public struct App: Codable, Equatable, Sendable {
        public var projectId: String
        public var name: String
        public init(projectId: String, name: String) {
            self.projectId = projectId
            self.name = name
        }
    }

    public struct Member: Codable, Equatable, Sendable {
        public var memberId: String
        public var email: String
        public var name: String
        public var organizationName: String
        public var apps: [App]
        public init(memberId: String, email: String, name: String, organizationName: String, apps: [App]) {
            self.memberId = memberId
            self.email = email
            self.name = name
            self.organizationName = organizationName
            self.apps = apps
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        public var members: [Member]
        /// Pass as `after` for the next page; nil after the last.
        public var next: String?
        public init(members: [Member], next: String?) {
            self.members = members
            self.next = next
        }
    }
}
