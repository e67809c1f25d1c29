import Foundation
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
    /// The object at `range` of `frame` (offsets from its start) as this type, handed back as
    /// `Target`; nil for anything not read here. By default through `init(json:)`; a body
    /// that keeps part of the bytes as they are reads them itself.
    static func read<Target>(_ frame: Data, _ range: Range<Int>, as target: Target.Type) -> Target?
}

extension RPCJSONBody {
    /// The object at `range` of `frame` read as this type, handed back as `Target` (which it
    /// is, for `RPCEnvelope`): called on the metatype found by a cast, so a specialized caller
    /// knows both types and needs no dynamic cast or existential box for the value.
    static func read<Target>(_ frame: Data, _ range: Range<Int>, as target: Target.Type) -> Target? {
        JSONObjectReader.read(frame, range, Self.init(json:)) as? Target
    }

    /// Writes `value` (of this type, for `RPCEnvelope`) as `writeJSON` writes it.
    static func write<Source>(_ value: Source, to out: inout JSONBuffer) -> Bool {
        guard let own = value as? Self else { return false }
        own.writeJSON(to: &out)
        return true
    }
}
