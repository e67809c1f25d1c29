import HubHTTPServer
import HubRuntime

/// `POST /jobs/{name}/run`: one pass of a scheduled job now, for the instance operator
/// (tokens of the `default` organization), answering `{"processed": n}`.
struct AdminJobsHandler {
    let store: IngestStore
    let jobs: [String: HubJob]

    func run(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try store.requireInstanceOperator(caller.organizationId, else: .organizationRequired)
        let name = request.pathParameters["name"] ?? ""
        guard let job = jobs[name] else {
            throw APIError(
                status: 404, code: "JOB_NOT_FOUND",
                message:
                    "No job named \(JSONText.quoted(name)) runs in this build; available: \(jobs.keys.sorted().joined(separator: ", ")).")
        }
        let processed = try job.run()
        return .jsonBytes(Array("{\"processed\":\(processed)}".utf8))
    }
}
