/// `email.deliveries`: the delivery state of the emails of team replies, asked by ingest once
/// per report for all its replies, and of invitations, asked once per list of them. A reply or
/// invitation pushd holds no email for is absent from the answer.
public enum EmailDeliveries: RPCMessage {
    public static let type = "email.deliveries"
    /// Reply IDs asked at once, at most.
    public static let maximumReplies = 500

    public struct Request: Codable, Equatable, Sendable {
        public var replyIds: [String]
        /// Invitations (`invite:<id>`), at most `maximumReplies` too; absent: none.
        public var invitationIds: [String]?
        public init(replyIds: [String], invitationIds: [String]? = nil) {
            self.replyIds = replyIds
            self.invitationIds = invitationIds
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        /// By reply ID.
        public var deliveries: [String: EmailDeliveryStatus]
        /// By invitation ID, when asked.
        public var invitations: [String: EmailDeliveryStatus]?
        public init(deliveries: [String: EmailDeliveryStatus], invitations: [String: EmailDeliveryStatus]? = nil) {
            self.deliveries = deliveries
            self.invitations = invitations
        }
    }
}
