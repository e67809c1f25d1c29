import Foundation
import HubHTTPServer
import HubMessaging

/// A scheduled job that runs inside a backend daemon: `run` forwards `jobs.run` and waits for
/// the pass to finish (bounded by `timeout`), so `POST /jobs/{name}/run` answers its count.
public struct RemoteJob: HubJob {
    public let name: String
    let client: RPCClient
    let timeout: TimeInterval

    /// A pass may call slow providers; the default deadline leaves room for that.
    public init(name: String, client: RPCClient, timeout: TimeInterval = 600) {
        self.name = name
        self.client = client
        self.timeout = timeout
    }

    public func run() throws -> Int {
        switch client.call(JobRun.self, JobRun.Request(name: name), timeout: timeout) {
        case .success(let response): return response.processed
        case .failure(let error): throw APIError.fromBackend(error)
        }
    }
}
