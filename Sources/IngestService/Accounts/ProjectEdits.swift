import HubHTTPServer

/// Creating a project and changing its settings, for the operator API (a JSON body and a
/// token) and the dashboard's apps pages (a form and a session) alike: the values are checked
/// here once, so both answer the same 400 `INVALID_PAYLOAD` fields with the same words.
/// Who may do it is the caller's door: a write token, or a session with `manageApps`.
struct ProjectEdits {
    /// A new project's values as sent; nil: not sent.
    struct New: Decodable {
        let name: String?
        let allowedOrigins: [String]?
        let chatMode: String?
    }

    let store: IngestStore

    /// A project of the organization with its `ideas` board; chat for verified users unless told.
    func create(_ new: New, organizationId: String) throws -> Project {
        var errors = FieldErrors()
        let name = errors.text(new.name, "name", AdminValidation.projectName)
        if new.allowedOrigins == nil { errors.add("allowedOrigins", "is required") }
        let origins = AdminValidation.origins(new.allowedOrigins, "allowedOrigins", into: &errors)
        let mode = AdminValidation.choice(new.chatMode, Project.ChatMode.self, "chatMode", into: &errors)
        try errors.throwIfAny()
        return try store.createProject(
            organizationId: organizationId, name: name!, allowedOrigins: origins!, chatMode: mode ?? .identified)
    }

    /// The project with `update` applied; 404 when the organization has no such project.
    func update(projectId: String, organizationId: String, _ update: ProjectUpdate) throws -> Project {
        var errors = FieldErrors()
        var changes = AdminProjectChanges()
        changes.name = errors.text(update.name, "name", AdminValidation.projectName, required: false)
        changes.allowedOrigins = AdminValidation.origins(update.allowedOrigins, "allowedOrigins", into: &errors)
        changes.chatMode = AdminValidation.choice(update.chatMode, Project.ChatMode.self, "chatMode", into: &errors)
        changes.watermark = update.watermark
        changes.languages = AdminValidation.languages(update.languages, "languages", into: &errors)
        changes.automaticReviewRequests = update.automaticReviewRequests
        if update.appStoreIdPresent {
            if let id = update.appStoreId, !AdminValidation.isAppStoreId(id) {
                errors.add("appStoreId", "must be the app's numeric App Store ID (digits only) or null")
            }
            changes.setsAppStoreId = true
            changes.appStoreId = update.appStoreId
        }
        try errors.throwIfAny()
        guard let updated = try store.updateProject(id: projectId, organizationId: organizationId, changes: changes) else {
            throw APIError.adminNotFound("project")
        }
        return updated
    }
}
