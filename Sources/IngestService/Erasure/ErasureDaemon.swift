import HubMessaging

/// One part of an erasure, named as the per-daemon state names it. Each daemon erases what it
/// owns; ingest, which keeps the request itself, goes last.
public enum ErasureDaemon: String, CaseIterable, Codable, Sendable {
    case chatd, pushd, asod, marketd, ingest

    /// The order a subject's parts run in: chatd first (it names the conversations), then pushd
    /// (which keeps data per conversation and report), the market daemons for a whole
    /// organization, and ingest last, since the others are told what ingest still holds.
    public static func order(for kind: ErasureSubject.Kind) -> [ErasureDaemon] {
        switch kind {
        case .participant: return [.chatd, .pushd, .ingest]
        case .organization: return [.chatd, .pushd, .asod, .marketd, .ingest]
        }
    }
}
