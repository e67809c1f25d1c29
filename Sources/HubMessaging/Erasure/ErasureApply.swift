/// What ingest's erasure driver asks one daemon to erase. Applying the same request again is
/// safe: a daemon erases what is still there and reports that (zero counts once all is gone),
/// so the driver retries until every daemon has confirmed.
public struct ErasureApplyRequest: Codable, Equatable, Sendable {
    /// The erasure recorded in ingest, for logs; daemons keep no record of it.
    public var erasureId: String
    public var subject: ErasureSubject
    /// The participant's conversations as chatd reported them when it erased them, for a
    /// daemon that keeps data per conversation (pushd's Telegram and Discord threads); empty
    /// for chatd itself and for an organization, whose projects name everything.
    public var conversationIds: [String]
    /// The participant's private reports in ingest, for a daemon that keeps data per report
    /// (pushd's threads, report events and reply emails); ingest names them before it erases
    /// its own part, which comes last. Absent from older senders: empty.
    public var reportIds: [String]
    /// An organization's members, invitations and replies as ingest names them; nil for a
    /// participant.
    public var organizationRecords: ErasureOrganizationRecords?

    public init(
        erasureId: String, subject: ErasureSubject, conversationIds: [String] = [], reportIds: [String] = [],
        organizationRecords: ErasureOrganizationRecords? = nil
    ) {
        self.erasureId = erasureId
        self.subject = subject
        self.conversationIds = conversationIds
        self.reportIds = reportIds
        self.organizationRecords = organizationRecords
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        erasureId = try container.decode(String.self, forKey: .erasureId)
        subject = try container.decode(ErasureSubject.self, forKey: .subject)
        conversationIds = try container.decodeIfPresent([String].self, forKey: .conversationIds) ?? []
        reportIds = try container.decodeIfPresent([String].self, forKey: .reportIds) ?? []
        organizationRecords = try container.decodeIfPresent(ErasureOrganizationRecords.self, forKey: .organizationRecords)
    }
}

/// A daemon's confirmation: everything the subject had there is gone, objects included.
public struct ErasureApplyReport: Codable, Equatable, Sendable {
    /// What was removed, by kind (`conversations`, `messages`, `photos`, `devices`,
    /// `queuedPushes`, …); kinds with nothing removed may be left out.
    public var erased: [String: Int]
    /// chatd: the IDs of the conversations it erased (on this pass or an earlier one it can
    /// still name), for the daemons asked after it. Others answer empty.
    public var conversationIds: [String]

    public init(erased: [String: Int], conversationIds: [String] = []) {
        self.erased = erased
        self.conversationIds = conversationIds
    }
}

/// `erasure.participant`: erase one participant of one app from the daemon that answers
/// (chatd, pushd). A daemon that cannot finish (its object store refuses a delete) answers
/// the error `ErasureApplyError.objectsUnavailable` having committed nothing that would hide
/// what is left, so a later retry finds and erases it.
public enum ErasureParticipant: RPCMessage {
    public static let type = "erasure.participant"
    public typealias Request = ErasureApplyRequest
    public typealias Response = ErasureApplyReport
}

/// `erasure.organization`: erase everything an organization's apps have in the daemon that
/// answers (chatd, pushd, asod, marketd); the same retry rule as `erasure.participant`.
public enum ErasureOrganization: RPCMessage {
    public static let type = "erasure.organization"
    public typealias Request = ErasureApplyRequest
    public typealias Response = ErasureApplyReport
}

/// Error codes a daemon answers an erasure with.
public enum ErasureApplyError {
    /// The object store refused a delete; nothing that would hide the remaining objects was
    /// committed. Retry later.
    public static let objectsUnavailable = "OBJECTS_UNAVAILABLE"
}
