import HubRuntime

/// A body that writes and reads its own JSON, for the hottest calls: Codable's generic
/// containers cost more per call than the rest of the envelope (bench/RESULTS.md, "The
/// ZeroMQ hop"). `RPCEnvelope` uses these instead of JSONEncoder/JSONDecoder; what the
/// reader does not expect falls back to JSONDecoder, so errors read the same.
protocol RPCJSONBody {
    /// Nil for anything not read here; JSONDecoder then decides.
    init?(json: JSONObjectReader)
    /// Appends the body as a JSON object; members that are nil are left out, as JSONEncoder
    /// leaves them out.
    func writeJSON(to out: inout JSONBuffer)
}
