import HubHTTPServer

/// Projects of the caller's organization: list, get, create (with its `ideas` board), update.
struct AdminProjectsHandler {
    struct CreateBody: Decodable {
        let name: String?
        let allowedOrigins: [String]?
        let chatMode: String?
    }

    /// Every field optional; `appStoreId: null` clears the App Store ID, absent leaves it.
    struct UpdateBody: Decodable {
        let name: String?
        let allowedOrigins: [String]?
        let chatMode: String?
        let watermark: Bool?
        let languages: [String]?
        let automaticReviewRequests: Bool?
        let appStoreIdPresent: Bool
        let appStoreId: String?

        enum Keys: String, CodingKey {
            case name, allowedOrigins, chatMode, watermark, languages, automaticReviewRequests, appStoreId
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            allowedOrigins = try c.decodeIfPresent([String].self, forKey: .allowedOrigins)
            chatMode = try c.decodeIfPresent(String.self, forKey: .chatMode)
            watermark = try c.decodeIfPresent(Bool.self, forKey: .watermark)
            languages = try c.decodeIfPresent([String].self, forKey: .languages)
            automaticReviewRequests = try c.decodeIfPresent(Bool.self, forKey: .automaticReviewRequests)
            appStoreIdPresent = c.contains(.appStoreId)
            appStoreId = try c.decodeIfPresent(String.self, forKey: .appStoreId)
        }
    }

    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }

    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(["items": try store.projects(organizationId: caller.organizationId).map(AdminProjectView.init)])
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(AdminProjectView(project: try lookup.project(request, caller)))
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let body = try request.decodeJSON(CreateBody.self)
        var errors = FieldErrors()
        let name = errors.text(body.name, "name", AdminValidation.projectName)
        if body.allowedOrigins == nil { errors.add("allowedOrigins", "is required") }
        let origins = AdminValidation.origins(body.allowedOrigins, "allowedOrigins", into: &errors)
        let mode = AdminValidation.choice(body.chatMode, Project.ChatMode.self, "chatMode", into: &errors)
        try errors.throwIfAny()
        let project = try store.createProject(
            organizationId: caller.organizationId, name: name!, allowedOrigins: origins!,
            chatMode: mode ?? .identified)
        return .json(AdminProjectView(project: project), status: 201)
    }

    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        let body = try request.decodeJSON(UpdateBody.self)
        var errors = FieldErrors()
        var changes = AdminProjectChanges()
        changes.name = errors.text(body.name, "name", AdminValidation.projectName, required: false)
        changes.allowedOrigins = AdminValidation.origins(body.allowedOrigins, "allowedOrigins", into: &errors)
        changes.chatMode = AdminValidation.choice(body.chatMode, Project.ChatMode.self, "chatMode", into: &errors)
        changes.watermark = body.watermark
        changes.languages = AdminValidation.languages(body.languages, "languages", into: &errors)
        changes.automaticReviewRequests = body.automaticReviewRequests
        if body.appStoreIdPresent {
            if let id = body.appStoreId, !AdminValidation.isAppStoreId(id) {
                errors.add("appStoreId", "must be the app's numeric App Store ID (digits only) or null")
            }
            changes.setsAppStoreId = true
            changes.appStoreId = body.appStoreId
        }
        try errors.throwIfAny()
        guard let updated = try store.updateProject(id: project.id, organizationId: caller.organizationId, changes: changes) else {
            throw APIError.adminNotFound("project")
        }
        return .json(AdminProjectView(project: updated))
    }
}
