import HubMessaging

/// What one member is emailed about (docs/email.md, "Team alerts"). Until they save their own
/// choice, owners and admins, who run the organization, hear of every new conversation and
/// report; members, who may be many, opt in; nobody gets the digest unasked.
public struct EmailAlertPreferences: Equatable, Sendable {
    public var newConversation: Bool
    public var newReport: Bool
    public var dailyDigest: Bool

    public init(newConversation: Bool, newReport: Bool, dailyDigest: Bool) {
        self.newConversation = newConversation
        self.newReport = newReport
        self.dailyDigest = dailyDigest
    }

    public static func defaults(for role: Role) -> EmailAlertPreferences {
        let runs = role == .owner || role == .admin
        return EmailAlertPreferences(newConversation: runs, newReport: runs, dailyDigest: false)
    }

    public func wants(_ kind: EmailAlertKind) -> Bool {
        switch kind {
        case .newConversation: return newConversation
        case .newReport: return newReport
        case .dailyDigest: return dailyDigest
        }
    }

    /// Whether `role` may open what an alert of `kind` points to: an alert is never a way
    /// around the inbox's own rule.
    public static func role(_ role: Role, mayReceive kind: EmailAlertKind) -> Bool {
        switch kind {
        case .newConversation: return role.allows(.answerChat)
        case .newReport: return role.allows(.triageReports)
        case .dailyDigest: return role.allows(.answerChat) || role.allows(.triageReports)
        }
    }
}
