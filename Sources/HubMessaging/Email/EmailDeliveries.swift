/// `email.deliveries`: the delivery state of the emails of team replies, asked by ingest once
/// per report for all its replies. A reply pushd holds no email for is absent from the answer.
public enum EmailDeliveries: RPCMessage {
    public static let type = "email.deliveries"
    /// Reply IDs asked at once, at most.
    public static let maximumReplies = 500

    public struct Request: Codable, Equatable, Sendable {
        public var replyIds: [String]
        public init(replyIds: [String]) { self.replyIds = replyIds }
    }

    public struct Response: Codable, Equatable, Sendable {
        /// By reply ID.
        public var deliveries: [String: EmailDeliveryStatus]
        public init(deliveries: [String: EmailDeliveryStatus]) { self.deliveries = deliveries }
    }
}
