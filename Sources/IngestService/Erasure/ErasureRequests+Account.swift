import HubHTTPServer

extension ErasureRequests {
    /// Records the organization's account erasure once its name is typed back exactly (400
    /// `INVALID_PAYLOAD` otherwise, recording nothing), then wakes the job; asked again while
    /// it runs, answers the same erasure.
    func recordAccountErasure(_ organizationId: String, confirm: String?) throws -> ErasureRecord {
        guard driver.accepts(.organization) else { throw ErasureRequests.notSupported }
        guard let organization = try store.organization(id: organizationId) else { throw APIError.unauthorized }
        guard let confirm, confirm.utf8.count <= 400, confirm.trimmingCharacters(in: .whitespaces) == organization.name else {
            throw APIError.invalidPayload(
                ["confirm": ["must be the organization's name, exactly"]], message: "Type the organization's name to confirm.")
        }
        let record = try store.beginAccountErasure(organizationId)
        wake()
        return record
    }
}
