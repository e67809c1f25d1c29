/// What ingest knows of an organization that another daemon keys its rows by without naming
/// the organization: pushd's email queue is keyed by member (alerts, digests), invitation and
/// report reply, so erasing an account's emails needs those IDs from ingest.
public struct ErasureOrganizationRecords: Codable, Equatable, Sendable {
    public var memberIds: [String]
    public var invitationIds: [String]
    /// Replies to the organization's reports (each may have emailed its reporter).
    public var replyIds: [String]

    public init(memberIds: [String] = [], invitationIds: [String] = [], replyIds: [String] = []) {
        self.memberIds = memberIds
        self.invitationIds = invitationIds
        self.replyIds = replyIds
    }
}
