/// `jobs.run`: one pass of a daemon's scheduled job now (`POST /api/admin/v1/jobs/{name}/run`
/// forwards it). The daemon answers after the pass, with how many items it processed.
public enum JobRun: RPCMessage {
    public static let type = "jobs.run"

    public struct Request: Codable, Equatable, Sendable {
        /// The job's public name, e.g. `"push"`, `"market-charts"`, `"aso-ranks"`.
        public let name: String
        public init(name: String) { self.name = name }
    }

    public struct Response: Codable, Equatable, Sendable {
        public let processed: Int
        public init(processed: Int) { self.processed = processed }
    }

    /// Error code a daemon answers (status 404) for a job name it does not run.
    public static let unknownJobCode = "JOB_NOT_FOUND"
}
