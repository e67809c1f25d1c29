import Foundation
import HubDaemon
import HubHTTPServer
import HubMessaging
import HubRuntime

/// `GET /healthz`: pings every backend over ZeroMQ in parallel and answers within the
/// health timeout (about a second) whatever they do: 200 when all five are ok, else 503
/// with the silent or failing daemon marked.
struct HealthHandler {
    let context: DaemonContext
    let backends: BackendClients

    /// `{"status":…,"daemons":{…}}` with daemons in their fixed order, ingest first.
    static func body(healthy: Bool, statuses: [String: String]) -> [UInt8] {
        var out = "{\"status\":\"" + (healthy ? "ok" : "unavailable") + "\",\"daemons\":{"
        for (i, daemon) in DaemonName.allCases.enumerated() {
            if i > 0 { out += "," }
            JSONText.appendString(daemon.rawValue, to: &out)
            out += ":"
            JSONText.appendString(statuses[daemon.rawValue] ?? "unavailable", to: &out)
        }
        return Array((out + "}}").utf8)
    }

    func get(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) {
        let gather = HealthGather(expecting: DaemonName.backends.count) { statuses in
            var all = statuses
            all[DaemonName.ingest.rawValue] = context.storeStatus() == "ok" ? "ok" : "store_error"
            let healthy = all.values.allSatisfy { $0 == "ok" }
            var response = HTTPResponse.jsonBytes(HealthHandler.body(healthy: healthy, statuses: all), status: healthy ? 200 : 503)
            response.headers.append(("Cache-Control", "no-store"))
            if !healthy { response.headers.append(("Retry-After", "1")) }
            respond(.success(response))
        }
        for daemon in DaemonName.backends {
            backends[daemon].call(SysPing.self, RPCEmpty(), timeout: context.config.healthTimeout) { result in
                switch result {
                case .success(let pong): gather.set(daemon.rawValue, pong.store == "ok" ? "ok" : "store_error")
                case .failure(let error): gather.set(daemon.rawValue, error.code == RPCError.Code.timeout ? "timeout" : "unavailable")
                }
            }
        }
    }
}

/// Collects one status per daemon and calls back once, when the last arrives.
final class HealthGather: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [String: String] = [:]
    private let expected: Int
    private let done: ([String: String]) -> Void

    init(expecting expected: Int, done: @escaping ([String: String]) -> Void) {
        self.expected = expected
        self.done = done
    }

    func set(_ daemon: String, _ status: String) {
        let complete: [String: String]? = lock.withLock {
            statuses[daemon] = status
            return statuses.count == expected ? statuses : nil
        }
        if let complete { done(complete) }
    }
}
