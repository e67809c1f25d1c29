/// A job operators can run now with `POST /api/admin/v1/jobs/{name}/run` and that may also
/// run on a schedule. `run` returns how many items it processed.
public protocol HubJob: Sendable {
    var name: String { get }
    func run() throws -> Int
}
