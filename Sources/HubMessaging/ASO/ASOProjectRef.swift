import HubRuntime

/// The project an ASO call is about, as ingest knows it: its organization and plan, and the
/// App Store ID whose rank the tracked keywords measure.
public struct ASOProjectRef: Codable, Equatable, Sendable {
    public var organizationId: String
    public var plan: OrganizationPlan
    public var projectId: String
    /// nil until the project is linked to its App Store app.
    public var appStoreId: String?

    public init(organizationId: String, plan: OrganizationPlan, projectId: String, appStoreId: String?) {
        self.organizationId = organizationId
        self.plan = plan
        self.projectId = projectId
        self.appStoreId = appStoreId
    }
}

/// A request about one project, optionally narrowed to one country (`aso.keywords.list`,
/// `aso.competitors`).
public struct ASOProjectCountry: Codable, Equatable, Sendable {
    public var project: ASOProjectRef
    public var country: String?
    public init(project: ASOProjectRef, country: String? = nil) {
        self.project = project
        self.country = country
    }
}
