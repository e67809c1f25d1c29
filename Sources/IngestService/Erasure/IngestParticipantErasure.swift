import HubMessaging
import HubRuntime

/// ingest's own part of a participant erasure: the screenshots of their reports leave the
/// object store first, then the rows go in one transaction. A refused delete stops before any
/// row changes (`ErasureRetry`, `OBJECTS_UNAVAILABLE`), so the next pass finds the reports and
/// their keys again.
struct IngestParticipantErasure {
    let store: IngestStore
    let objects: ObjectStore

    func apply(_ request: ErasureApplyRequest) throws -> ErasureApplyReport {
        guard let owner = request.subject.owner else {
            throw ErasureRetry(code: "INVALID_SUBJECT", message: "a participant erasure names its participant")
        }
        var removed: Set<String> = []
        for report in try store.participantReports(owner) {
            guard let key = report.screenshotKey else { continue }
            do {
                try objects.delete(key: key)
            } catch {
                throw ErasureRetry(message: "screenshot of report \(report.id) not deleted: \(error)")
            }
            removed.insert(key)
        }
        return ErasureApplyReport(erased: try store.eraseParticipantRows(owner, removedScreenshots: removed))
    }
}
