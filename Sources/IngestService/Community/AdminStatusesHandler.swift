import HubHTTPServer

/// Statuses of a board: create, update, order, delete. A board keeps exactly one default
/// status, which is not final.
struct AdminStatusesHandler {
    struct CreateBody: Decodable {
        let slug: String?
        let label: String?
        let color: String?
        let isFinal: Bool?
        let isDefault: Bool?
    }

    struct OrderBody: Decodable {
        let statusIds: [String]?
    }

    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let found = try lookup.board(request, caller)
        let spec = try AdminStatusesHandler.spec(try request.decodeJSON(CreateBody.self))
        return .json(try store.createStatus(boardId: found.board.id, spec: spec), status: 201)
    }

    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let found = try lookup.status(request, caller)
        let changes = try AdminStatusesHandler.changes(try request.decodeJSON(CreateBody.self))
        return .json(try store.updateStatus(id: found.status.id, boardId: found.boardId, changes: changes))
    }

    /// `{"statusIds":[…every status…]}` → the board with its statuses in the new order.
    func order(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let found = try lookup.board(request, caller)
        let body = try request.decodeJSON(OrderBody.self)
        guard let ids = body.statusIds else { throw APIError.invalidPayload(["statusIds": ["is required"]]) }
        return .json(try store.reorderStatuses(boardId: found.board.id, projectId: found.projectId, statusIds: ids))
    }

    func delete(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.deleteStatus(id: try lookup.status(request, caller).status.id)
        return .noContent
    }

    /// A status's changes from what was asked (nil leaves a field), or 400 `INVALID_PAYLOAD`.
    static func changes(_ body: CreateBody) throws -> AdminStatusChanges {
        var errors = FieldErrors()
        var changes = AdminStatusChanges()
        changes.slug = AdminValidation.slug(body.slug, "slug", into: &errors, required: false)
        changes.label = errors.text(body.label, "label", AdminValidation.statusLabel, required: false)
        changes.color = AdminValidation.color(body.color, "color", into: &errors, required: false)
        changes.isFinal = body.isFinal
        changes.isDefault = body.isDefault
        try errors.throwIfAny()
        return changes
    }

    /// A status to create, or 400 `INVALID_PAYLOAD`.
    static func spec(_ body: CreateBody) throws -> AdminStatusSpec {
        var errors = FieldErrors()
        let spec = spec(body, prefix: "", into: &errors)
        try errors.throwIfAny()
        return spec!
    }

    /// A valid status to create, with errors recorded under `prefix` (e.g. `statuses[1].`).
    static func spec(_ body: CreateBody, prefix: String, into errors: inout FieldErrors) -> AdminStatusSpec? {
        let slug = AdminValidation.slug(body.slug, prefix + "slug", into: &errors)
        let label = errors.text(body.label, prefix + "label", AdminValidation.statusLabel)
        let color = AdminValidation.color(body.color, prefix + "color", into: &errors)
        if body.isDefault == true && body.isFinal == true { errors.add(prefix + "isFinal", "the default status cannot be final") }
        guard let slug, let label, let color else { return nil }
        return AdminStatusSpec(slug: slug, label: label, color: color, isFinal: body.isFinal ?? false, isDefault: body.isDefault ?? false)
    }
}
