import Foundation
import HubMessaging
import HubRuntime

/// The `erasure` job: moves every pending erasure on by asking its daemons, in
/// `ErasureDaemon.order`, to erase what they own. A daemon that answers is `done` with what it
/// erased; one that does not answer, or answers `OBJECTS_UNAVAILABLE`, stays `pending` with its
/// `lastError`, and the daemons after it wait for the next pass (pushd needs chatd's
/// conversation IDs, ingest goes last). The erasure is `done` only when every daemon confirmed.
///
/// ingest's own parts are `local`, by subject kind; a kind without one is not accepted
/// (`accepts`), so nothing records an erasure no pass could finish.
public final class ErasureDriver: HubJob, @unchecked Sendable {
    public typealias LocalPart = @Sendable (ErasureApplyRequest) throws -> ErasureApplyReport

    public let name = ErasureDriver.jobName
    public static let jobName = "erasure"

    let store: IngestStore
    let backends: [ErasureDaemon: RPCClient]
    let local: [ErasureSubject.Kind: LocalPart]
    let clock: Clock
    let logger: Logger
    /// One pass at a time, whether scheduled, woken or run by an operator. Not private: a test
    /// holds it to read an erasure as recorded, before any pass can move it on.
    let passLock = NSLock()

    public init(
        store: IngestStore, backends: [ErasureDaemon: RPCClient], local: [ErasureSubject.Kind: LocalPart], clock: Clock,
        logger: Logger
    ) {
        self.store = store
        self.backends = backends
        self.local = local
        self.clock = clock
        self.logger = logger
    }

    /// Whether erasures of `kind` can be recorded: every daemon of its order has a part here.
    public func accepts(_ kind: ErasureSubject.Kind) -> Bool {
        ErasureDaemon.order(for: kind).allSatisfy { $0 == .ingest ? local[kind] != nil : backends[$0] != nil }
    }

    /// Every pending erasure, due or not (an operator's `POST /jobs/erasure/run`); how many
    /// passes finished an erasure.
    public func run() throws -> Int { try pass(dueOnly: false) }

    /// The pending erasures whose retry time has come (the schedule and wakes).
    func runDue() throws -> Int { try pass(dueOnly: true) }

    private func pass(dueOnly: Bool) throws -> Int {
        passLock.lock()
        defer { passLock.unlock() }
        var finished = 0
        for record in try store.pendingErasures(dueBy: dueOnly ? ISOTime.format(clock.now()) : nil) {
            if try advance(record).state == .done { finished += 1 }
        }
        return finished
    }

    /// Asks each daemon not yet done, in order, stopping at the first that fails; saves the
    /// progress after each answer, so a crash mid-pass repeats at most one daemon's part.
    func advance(_ start: ErasureRecord) throws -> ErasureRecord {
        var record = start
        let projectIds = record.kind == .organization ? try store.organizationProjectIds(record.organizationId) : []
        guard let subject = record.subject(projectIds: projectIds) else {
            record.state = .done
            try store.saveErasure(record, nextAttemptAt: clock.now())
            return record
        }
        for daemon in record.order where record.daemons[daemon]?.state != .done {
            var state = record.daemons[daemon] ?? ErasureDaemonState()
            state.attempts += 1
            let reportIds = record.kind == .participant ? try store.participantReports(subject.owner!).map(\.id) : []
            let records = record.kind == .organization ? try store.organizationErasureScope(record.organizationId).records : nil
            let request = ErasureApplyRequest(
                erasureId: record.id, subject: subject, conversationIds: record.conversationIds, reportIds: reportIds,
                organizationRecords: records)
            switch ask(daemon, request) {
            case .success(let report):
                state.state = .done
                state.erased = report.erased.filter { $0.value > 0 }
                state.lastError = nil
                record.conversationIds = Array(Set(record.conversationIds).union(report.conversationIds)).sorted()
                record.daemons[daemon] = state
                if record.order.allSatisfy({ record.daemons[$0]?.state == .done }) {
                    record.state = .done
                    record.completedAt = ISOTime.format(clock.now())
                }
                try store.saveErasure(record, nextAttemptAt: clock.now())
            case .failure(let error):
                state.lastError = error.code + ": " + error.message
                record.daemons[daemon] = state
                record.attempts += 1
                logger.warn("erasure pending", ["erasureId": record.id, "daemon": daemon.rawValue, "code": error.code])
                try store.saveErasure(record, nextAttemptAt: clock.now().addingTimeInterval(ErasureDriver.retryDelay(record.attempts)))
                return record
            }
        }
        return record
    }

    private func ask(_ daemon: ErasureDaemon, _ request: ErasureApplyRequest) -> Result<ErasureApplyReport, RPCError> {
        let kind = request.subject.kind
        if daemon == .ingest {
            guard let part = local[kind] else { return .failure(RPCError(code: "NOT_SUPPORTED", message: "no ingest part")) }
            do {
                return .success(try part(request))
            } catch let retry as ErasureRetry {
                return .failure(RPCError(code: retry.code, message: retry.message))
            } catch {
                return .failure(RPCError(code: RPCError.Code.internal, message: "\(error)"))
            }
        }
        guard let client = backends[daemon] else {
            return .failure(RPCError(code: RPCError.Code.peerUnavailable, message: "no client for \(daemon.rawValue)"))
        }
        switch kind {
        case .participant: return client.call(ErasureParticipant.self, request, timeout: ErasureDriver.callTimeout)
        case .organization: return client.call(ErasureOrganization.self, request, timeout: ErasureDriver.callTimeout)
        }
    }
}
