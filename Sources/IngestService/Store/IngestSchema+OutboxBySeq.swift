import HubStore

extension IngestSchema {
    /// The outbox as chatd's: keyed by its rowid, its events' IDs indexed once
    /// (`Outbox.keyedBySeq`). `outbox_pending` was over `(acknowledged_at, id)`, every event;
    /// it now holds the pending ones, and `outbox_acknowledged` the others, for the retention.
    static let outboxBySeq = Outbox.keyedBySeq(name: "0029_outbox_by_seq")
}
