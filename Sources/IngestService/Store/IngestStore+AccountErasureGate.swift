import HubHTTPServer

/// The door an account erasure closes: while an organization's erasure is pending, its tokens,
/// dashboard sessions and apps' public routes are refused, so nothing new is written into a
/// half-erased account (docs/privacy.md, "Delete an account").
extension IngestStore {
    /// Whether the organization's account erasure is pending; cached until `erasures` changes.
    func isAccountErasing(_ organizationId: String) throws -> Bool {
        try accountErasures.value(for: organizationId, in: erasureChanges) {
            try db.queryOne(
                """
                SELECT 1 FROM erasures WHERE organization_id = ? AND subject_kind = 'organization' AND state = 'pending' LIMIT 1
                """, [.text(organizationId)]) != nil
        }
    }

    /// 409 `ACCOUNT_ERASING` while the organization's account erasure is pending.
    func refuseIfAccountErasing(_ organizationId: String) throws {
        if try isAccountErasing(organizationId) { throw APIError.accountErasing }
    }
}

extension APIError {
    public static let accountErasing = APIError(
        status: 409, code: "ACCOUNT_ERASING",
        message: "This account is being deleted; only the erasure's progress can still be read.")
}
