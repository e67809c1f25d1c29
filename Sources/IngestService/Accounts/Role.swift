/// A member's role in an organization (docs/accounts.md, "Roles"). Owners and admins run the
/// organization; members do the daily work. The dashboard's pages and the operator API ask
/// the same question, `role.allows(…)`, so a page a role cannot use is refused by the server
/// whether or not the page hid it.
public enum Role: String, CaseIterable, Codable, Sendable {
    case owner, admin, member

    public func allows(_ permission: Permission) -> Bool {
        switch permission {
        case .answerChat, .triageReports, .moderateIdeas, .saveFavorites: return true
        case .manageApps, .manageCredentials, .manageIntegrations, .manageMembers, .manageTokens, .publish, .writeWithTokens:
            return self == .owner || self == .admin
        case .manageOwners, .deleteAccount: return self == .owner
        case .requestReviews: return self == .owner || self == .admin
        case .manageRetention: return self == .owner || self == .admin
        }
    }
}
