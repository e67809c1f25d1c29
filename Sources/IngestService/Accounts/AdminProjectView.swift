/// A project as the operator API shows it (docs/http-conventions.md, "Operator API"): absent values
/// are `null`, never omitted, and the identity secret is only ever reported as configured or not.
struct AdminProjectView: Encodable {
    let project: Project

    private enum Keys: String, CodingKey {
        case id, appId, name, allowedOrigins, chatMode, watermark, languages, automaticReviewRequests, appStoreId,
            bundleId, identityConfigured, createdAt, updatedAt
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(project.id, forKey: .id)
        try c.encode(project.appId, forKey: .appId)
        try c.encode(project.name, forKey: .name)
        try c.encode(project.allowedOrigins, forKey: .allowedOrigins)
        try c.encode(project.chatMode, forKey: .chatMode)
        try c.encode(project.watermark, forKey: .watermark)
        try c.encode(project.languages, forKey: .languages)
        try c.encode(project.automaticReviewRequests, forKey: .automaticReviewRequests)
        try c.encode(project.appStoreId, forKey: .appStoreId)
        try c.encode(project.bundleId, forKey: .bundleId)
        try c.encode(project.identityConfigured, forKey: .identityConfigured)
        try c.encode(project.createdAt, forKey: .createdAt)
        try c.encode(project.updatedAt, forKey: .updatedAt)
    }
}
