import HubMessaging
import HubRuntime

/// ingest's own part of an account erasure, asked last: the organization's screenshots, then
/// every row of it in one transaction (`IngestStore+AccountErasure`). A refused delete leaves
/// everything for the next pass (`ErasureRetry`, `OBJECTS_UNAVAILABLE`).
struct IngestOrganizationErasure {
    let store: IngestStore
    let objects: ObjectStore

    func apply(_ request: ErasureApplyRequest) throws -> ErasureApplyReport {
        ErasureApplyReport(erased: try store.eraseOrganization(request.subject.organizationId, objects: objects))
    }
}
