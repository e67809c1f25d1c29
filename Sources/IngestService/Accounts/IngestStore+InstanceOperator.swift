import HubHTTPServer

extension IngestStore {
    /// Tokens of the `default` organization act for whoever runs the instance; what every
    /// organization shares (other organizations, plans, scheduled jobs, market data) is theirs
    /// alone to change. Anyone else gets `refusal` (403).
    func requireInstanceOperator(_ organizationId: String, else refusal: APIError) throws {
        guard try organization(id: organizationId)?.slug == "default" else { throw refusal }
    }
}
