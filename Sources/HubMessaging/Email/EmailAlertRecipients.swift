/// `email.alert.recipients`: who of a project's organization wants an alert of `kind` (a new
/// conversation or a new report) and may open the inbox, answered by ingest (which owns
/// members and their preferences) for pushd, which sends the alerts.
public enum EmailAlertRecipients: RPCMessage {
    public static let type = "email.alert.recipients"

    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        /// `newConversation` or `newReport`; the digest has its own message.
        public var kind: EmailAlertKind
        public init(projectId: String, kind: EmailAlertKind) {
            self.projectId = projectId
            self.kind = kind
        }
    }

    public struct Recipient: Codable, Equatable, Sendable {
        public var memberId: String
        public var email: String
        public var name: String
        public init(memberId: String, email: String, name: String) {
            self.memberId = memberId
            self.email = email
            self.name = name
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        /// false when the project no longer exists: nobody is told about it.
        public var found: Bool
        public var appName: String
        public var organizationName: String
        public var recipients: [Recipient]
        public init(found: Bool, appName: String, organizationName: String, recipients: [Recipient]) {
            self.found = found
            self.appName = appName
            self.organizationName = organizationName
            self.recipients = recipients
        }
    }
}
