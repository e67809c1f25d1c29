import HubRuntime

/// A tenant of the operator API; owns API tokens and projects.
public struct Organization: Codable, Equatable, Sendable {
    public let id: String
    public let slug: String
    public let name: String
    public let plan: String
    /// How many projects the organization may have; nil: no limit (the default).
    public var appAllowance: Int? = nil
    public let createdAt: String

    private enum CodingKeys: String, CodingKey { case id, slug, name, plan, appAllowance, createdAt }

    // Every key is present; no allowance is written as null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(slug, forKey: .slug)
        try c.encode(name, forKey: .name)
        try c.encode(plan, forKey: .plan)
        try c.encode(appAllowance, forKey: .appAllowance)
        try c.encode(createdAt, forKey: .createdAt)
    }

    /// The plan as a type; a value this build does not know counts as `selfhosted`, the default.
    public var entitlements: OrganizationPlan { OrganizationPlan(rawValue: plan) ?? .selfhosted }
}
