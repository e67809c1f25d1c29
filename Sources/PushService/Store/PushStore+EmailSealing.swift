import HubCrypto
import HubRuntime
import HubStore

/// Queue bodies that carry a secret (an invitation's link) are kept sealed with the keyring,
/// bound to their dedupe key, and opened only for the submission; a sent or failed row loses
/// them anyway. Other bodies are stored as they are.
extension PushStore {
    static let sealedBodyPrefix = "sealed:"

    static func bodyAssociatedData(key: String) -> String { "email:" + key }

    /// The text stored for `body`: sealed when the draft says so (no keyring: refused, never
    /// written in the clear).
    func storedBody(_ body: String, of draft: EmailDraft) throws -> String {
        guard draft.sealed else { return body }
        guard let keyring else { throw CryptoError.notConfigured }
        return Self.sealedBodyPrefix + (try keyring.seal(body, associatedData: Self.bodyAssociatedData(key: draft.dedupeKey)))
    }

    /// The item with its sealed bodies opened; one that does not open loses its draft, so the
    /// sender records it failed instead of sending the sealed text.
    func openedBodies(_ item: EmailQueueItem) -> EmailQueueItem {
        guard var draft = item.draft, draft.text.hasPrefix(Self.sealedBodyPrefix) || draft.html.hasPrefix(Self.sealedBodyPrefix)
        else { return item }
        var opened = item
        let data = Self.bodyAssociatedData(key: draft.dedupeKey)
        guard let keyring,
            let text = try? keyring.openString(String(draft.text.dropFirst(Self.sealedBodyPrefix.count)), associatedData: data),
            let html = try? keyring.openString(String(draft.html.dropFirst(Self.sealedBodyPrefix.count)), associatedData: data)
        else {
            opened.draft = nil
            return opened
        }
        draft.text = text
        draft.html = html
        opened.draft = draft
        return opened
    }

    /// Drops the queued email under `key` before it is sent (a revoked invitation): the row
    /// ends `failed` with `revoked` and without its bodies, so the key stays used. Returns
    /// whether one was still queued.
    @discardableResult
    func cancelEmail(dedupeKey key: String, reason: String) throws -> Bool {
        let now = nowMillis
        try db.run(
            """
            UPDATE email_queue SET state = 'failed', last_error = ?, text_body = '', html_body = '', started_ms = NULL,
                updated_ms = ?, completed_ms = ?
            WHERE dedupe_key = ? AND state = 'queued'
            """, [.text(reason), .int(now), .int(now), .text(key)])
        return db.changes == 1
    }
}
