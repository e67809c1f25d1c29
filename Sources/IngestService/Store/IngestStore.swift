import Foundation
import HubCrypto
import HubRuntime
import HubStore

/// ingest's store: the one owner of `ingest.sqlite`. Each write method is one transaction
/// named for what it does; extensions per resource (`IngestStore+Projects.swift`, …).
public final class IngestStore: @unchecked Sendable {
    public let db: SQLiteDatabase
    let clock: Clock
    let ids: TimeSortableID
    let keyring: Keyring?
    /// Changes to the tables public reads come from; votes always touch `ideas` too.
    public let communityChanges: TableChangeCounter
    /// Hot public reads, valid until the next change to those tables.
    let projectsByAppId = GenerationCache<Project?>(capacity: 4_096)
    let boardsByProject = GenerationCache<[Board]>(capacity: 4_096)
    let identitySecrets = GenerationCache<String?>(capacity: 4_096)
    /// Group commit for request writes; stopped by `IngestApp.stop` before the store closes.
    public let writes: WriteBatcher
    /// `feedback.*` events for the chat-ops integrations; unconsumed until they ship.
    public let outbox: Outbox
    /// Whether an organization's account erasure is pending (`IngestStore+AccountErasureGate`),
    /// valid until the next change to `erasures`: every request of the organization asks.
    let accountErasures = GenerationCache<Bool>(capacity: 4_096)
    let erasureChanges: TableChangeCounter

    public init(db: SQLiteDatabase, clock: Clock, keyring: Keyring? = nil) {
        self.db = db
        self.clock = clock
        self.keyring = keyring
        ids = TimeSortableID(clock: clock)
        outbox = Outbox(db: db, clock: clock, ids: ids, consumedTopics: OutboxConsumers.ingest)
        writes = WriteBatcher(db: db, name: "ingest-writer")
        communityChanges = db.changeCounter(forTables: ["projects", "boards", "board_statuses", "ideas", "comments"])
        erasureChanges = db.changeCounter(forTables: ["erasures"])
        db.addCommitStep { [unowned db] in try IngestStore.indexPendingIdeas(db) }
    }

    /// Now as stored: ISO-8601 UTC with milliseconds, which sorts as text.
    func now() -> String { ISOTime.format(clock.now()) }

    static func jsonArray(_ values: [String]) -> String {
        String(decoding: try! JSONEncoder().encode(values), as: UTF8.self)
    }

    static func decodeArray(_ text: String?) -> [String] {
        guard let text, let values = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else { return [] }
        return values
    }
}
