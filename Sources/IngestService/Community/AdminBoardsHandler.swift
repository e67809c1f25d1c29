import HubHTTPServer

/// Boards of a project: list, get, create (with its statuses), update, order.
struct AdminBoardsHandler {
    struct PoliciesBody: Decodable {
        let submission: String?
        let vote: String?
        let comment: String?
    }

    struct CreateBody: Decodable {
        let slug: String?
        let name: String?
        let description: String?
        let moderation: String?
        let policies: PoliciesBody?
        let statuses: [AdminStatusesHandler.CreateBody]?
    }

    /// Every field optional; `description: null` clears it, absent leaves it.
    struct UpdateBody: Decodable {
        let name: String?
        let descriptionPresent: Bool
        let description: String?
        let moderation: String?
        let policies: PoliciesBody?

        enum Keys: String, CodingKey { case name, description, moderation, policies }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            descriptionPresent = c.contains(.description)
            description = try c.decodeIfPresent(String.self, forKey: .description)
            moderation = try c.decodeIfPresent(String.self, forKey: .moderation)
            policies = try c.decodeIfPresent(PoliciesBody.self, forKey: .policies)
        }
    }

    struct OrderBody: Decodable {
        let boardIds: [String]?
    }

    static let maxStatuses = 30

    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }

    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(["boards": try store.boards(projectId: try lookup.project(request, caller).id)])
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(try lookup.board(request, caller).board)
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        let spec = try AdminBoardsHandler.spec(try request.decodeJSON(CreateBody.self))
        return .json(try store.createBoard(projectId: project.id, spec: spec), status: 201)
    }

    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let found = try lookup.board(request, caller)
        let body = try request.decodeJSON(UpdateBody.self)
        let changes = try AdminBoardsHandler.changes(
            name: body.name, setsDescription: body.descriptionPresent, description: body.description, moderation: body.moderation,
            policies: body.policies)
        return .json(try store.updateBoard(id: found.board.id, projectId: found.projectId, changes: changes))
    }

    /// `{"boardIds":[…every board…]}` → `{"boards":[…]}` in the new order.
    func order(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        let body = try request.decodeJSON(OrderBody.self)
        guard let ids = body.boardIds else { throw APIError.invalidPayload(["boardIds": ["is required"]]) }
        return .json(["boards": try store.reorderBoards(projectId: project.id, boardIds: ids)])
    }

    /// A board to create from what was asked, or 400 `INVALID_PAYLOAD` naming every bad field;
    /// the dashboard's boards page builds the same body from its form.
    static func spec(_ body: CreateBody) throws -> AdminBoardSpec {
        var errors = FieldErrors()
        let slug = AdminValidation.slug(body.slug, "slug", into: &errors)
        let name = errors.text(body.name, "name", AdminValidation.boardName)
        let description = errors.text(body.description, "description", AdminValidation.boardDescription, required: false)
        let moderation = AdminValidation.choice(body.moderation, BoardModeration.self, "moderation", into: &errors)
        let policies = AdminBoardsHandler.policies(body.policies, into: &errors)
        let statuses = body.statuses.map { AdminBoardsHandler.statuses($0, into: &errors) }
        try errors.throwIfAny()
        var spec = AdminBoardSpec(slug: slug!, name: name!)
        spec.description = description.flatMap { $0.isEmpty ? nil : $0 }
        spec.moderation = moderation ?? .none
        spec.policies = BoardPolicies(
            submission: policies.submission ?? .anyone, vote: policies.vote ?? .anyone,
            comment: policies.comment ?? .anyone)
        spec.statuses = statuses
        return spec
    }

    /// A board's changes from what was asked (nil leaves a field), or 400 `INVALID_PAYLOAD`.
    static func changes(name: String?, setsDescription: Bool, description: String?, moderation: String?, policies: PoliciesBody?) throws
        -> AdminBoardChanges
    {
        var errors = FieldErrors()
        var changes = AdminBoardChanges()
        changes.name = errors.text(name, "name", AdminValidation.boardName, required: false)
        if setsDescription {
            changes.setsDescription = true
            changes.description = errors.text(description, "description", AdminValidation.boardDescription, required: false)
                .flatMap { $0.isEmpty ? nil : $0 }
        }
        changes.moderation = AdminValidation.choice(moderation, BoardModeration.self, "moderation", into: &errors)
        let policies = AdminBoardsHandler.policies(policies, into: &errors)
        (changes.submission, changes.vote, changes.comment) = (policies.submission, policies.vote, policies.comment)
        try errors.throwIfAny()
        return changes
    }

    static func policies(_ body: PoliciesBody?, into errors: inout FieldErrors)
        -> (submission: Participation?, vote: Participation?, comment: Participation?)
    {
        (
            AdminValidation.choice(body?.submission, Participation.self, "policies.submission", into: &errors),
            AdminValidation.choice(body?.vote, Participation.self, "policies.vote", into: &errors),
            AdminValidation.choice(body?.comment, Participation.self, "policies.comment", into: &errors)
        )
    }

    /// A board's own statuses: 1-30 with distinct slugs and exactly one default (the first
    /// when none is marked), which cannot be final.
    static func statuses(_ bodies: [AdminStatusesHandler.CreateBody], into errors: inout FieldErrors) -> [AdminStatusSpec] {
        if bodies.isEmpty || bodies.count > maxStatuses { errors.add("statuses", "must have 1-\(maxStatuses) entries") }
        var specs: [AdminStatusSpec] = []
        for (index, body) in bodies.enumerated() {
            if let spec = AdminStatusesHandler.spec(body, prefix: "statuses[\(index)].", into: &errors) { specs.append(spec) }
        }
        if Set(specs.map(\.slug)).count != specs.count { errors.add("statuses", "slugs must be distinct") }
        let defaults = specs.filter(\.isDefault).count
        if defaults > 1 { errors.add("statuses", "exactly one status can be the default") }
        if defaults == 0, !specs.isEmpty {
            specs[0].isDefault = true
            if specs[0].isFinal { errors.add("statuses", "the default status (the first when none is marked) cannot be final") }
        }
        return specs
    }
}
