/// What a role may do (`Role.allows`). The cases follow the split: owners and admins
/// manage, members answer and triage; only owners make or unmake owners.
public enum Permission: String, CaseIterable, Sendable {
    /// Create and change apps (projects), boards and their settings.
    case manageApps
    /// Identity secrets, APNs keys, App Store Connect.
    case manageCredentials
    /// Telegram, Discord, RevenueCat connections.
    case manageIntegrations
    /// Invite, change the role of and remove members.
    case manageMembers
    /// Create, list and revoke API tokens.
    case manageTokens
    /// Publish metadata, prices and changelog entries.
    case publish
    /// Any write through an API token: a `write` token acts only while its author may.
    case writeWithTokens
    /// Grant or take away the owner role, or remove an owner.
    case manageOwners
    case answerChat
    /// Send a conversation's review-request card (the seeds: "Owners and admins can choose Ask for a review").
    case requestReviews
    case triageReports
    case moderateIdeas
    case saveFavorites
    /// Set the workspace's media retention (report screenshots and chat photos).
    case manageRetention
    /// Delete the whole organization with every app (an account erasure).
    case deleteAccount
}
