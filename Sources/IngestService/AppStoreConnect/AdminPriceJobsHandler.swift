import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// Price jobs of an imported project (docs/pricing.md, "Price jobs"): submit from a stored preview,
/// read with item states, cancel, retry, roll back. Submission records work; the `prices` worker in
/// asod does the writes.
struct AdminPriceJobsHandler {
    let lookup: AdminLookup
    let asod: BackendForwarding

    struct SubmitBody: Decodable {
        let previewId: String?
        let territories: [String]?
        let startDate: String?
        let preserveCurrentPrice: Bool?
    }

    private func app(_ request: HTTPRequest, _ caller: AdminCaller) throws -> ASCAppRef {
        try lookup.importedApp(request, caller).ref
    }

    func submit(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let call = try Self.submitRequest(try request.decodeJSON(SubmitBody.self), app: try app(request, caller))
        asod.forward(PriceJobSubmit.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond) {
            .json($0, status: 201)
        }
    }

    /// A submission checked as the operator route checks it; the dashboard's preview page uses it too.
    static func submitRequest(_ body: SubmitBody, app: ASCAppRef) throws -> PriceJobSubmit.Request {
        var errors = FieldErrors()
        if !(1...64).contains(body.previewId?.count ?? 0) { errors.add("previewId", "is required") }
        if let date = body.startDate, !(date.count == 10 && ISOTime.parse(date + "T00:00:00Z") != nil) {
            errors.add("startDate", "must be a date, YYYY-MM-DD")
        }
        try errors.throwIfAny()
        return PriceJobSubmit.Request(
            app: app, previewId: body.previewId!, territories: body.territories, startDate: body.startDate,
            preserveCurrentPrice: body.preserveCurrentPrice ?? false)
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let ref = PriceJobRef(app: try app(request, caller), jobId: request.pathParameters["jobId"] ?? "")
        asod.forward(PriceJobGet.self, ref, respond: respond) { .json($0) }
    }

    func cancel(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try act("cancel", request, caller, respond)
    }

    func retry(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try act("retry", request, caller, respond)
    }

    func rollback(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        try act("rollback", request, caller, respond)
    }

    func act(
        _ action: String, _ request: HTTPRequest, _ caller: AdminCaller,
        _ respond: @escaping (Result<HTTPResponse, Error>) -> Void
    ) throws {
        let ref = PriceJobRef(app: try app(request, caller), jobId: request.pathParameters["jobId"] ?? "")
        asod.forward(PriceJobAction.self, PriceJobAction.Request(job: ref, action: action), respond: respond) {
            .json($0, status: action == "rollback" ? 201 : 200)
        }
    }
}
