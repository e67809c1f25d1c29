import Shared

/// A tenant of the operator API; owns API tokens and projects.
public struct Organization: Codable, Equatable, Sendable {
    public let id: String
    public let slug: String
    public let name: String
    public let plan: String
    public let createdAt: String

    /// The plan as a type; a value this build does not know counts as `selfhosted`, the default.
    public var entitlements: OrganizationPlan { OrganizationPlan(rawValue: plan) ?? .selfhosted }
}
