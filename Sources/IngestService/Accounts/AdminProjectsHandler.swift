import HubHTTPServer

/// Projects of the caller's organization: list, get, create (with its `ideas` board), update.
/// The values are checked by `ProjectEdits`, as the dashboard's apps pages check them.
struct AdminProjectsHandler {
    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }
    var edits: ProjectEdits { ProjectEdits(store: store) }

    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(["items": try store.projects(organizationId: caller.organizationId).map(AdminProjectView.init)])
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(AdminProjectView(project: try lookup.project(request, caller)))
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try edits.create(try request.decodeJSON(ProjectEdits.New.self), organizationId: caller.organizationId)
        return .json(AdminProjectView(project: project), status: 201)
    }

    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        let update = try request.decodeJSON(ProjectUpdate.self)
        return .json(AdminProjectView(project: try edits.update(projectId: project.id, organizationId: caller.organizationId, update)))
    }
}
