import Dashboard
import Foundation
import HubHTTPServer
import HubRuntime

/// Slow provider calls of the pages (App Store Connect, iTunes), kept off the request: a page
/// starts the call, records a task here and answers at once with a 303 to the task's page
/// (`/dashboard/work/{id}`), which reloads itself until the call finishes and then shows its
/// result. Tasks live in memory, per organization and visible to the member who started them:
/// at most `perOrganization` at once (the oldest finished one makes room; when all are still
/// running a new one is refused with 429), each kept `lifetime` after it started. A restart
/// forgets them, which the task's page says.
final class PendingWork: @unchecked Sendable {
    /// What the task's page answers once the call is done, drawn for whoever looks.
    typealias Render = (PageContext) throws -> HTTPResponse

    static let perOrganization = 8
    static let lifetime: TimeInterval = 600

    struct Task {
        let id: String
        let organizationId: String
        let memberId: String
        let title: String
        let back: String
        let startedAt: Date
        /// Code → what to do, for a failure's page (the seeds' error tables).
        let actions: [String: String]
        var outcome: Result<Render, Error>?
    }

    private let lock = NSLock()
    private var tasks: [String: Task] = [:]
    private let now: () -> Date
    private let limit: Int
    private let lifetime: TimeInterval

    init(
        perOrganization: Int = PendingWork.perOrganization, lifetime: TimeInterval = PendingWork.lifetime,
        now: @escaping () -> Date = Date.init
    ) {
        limit = perOrganization
        self.lifetime = lifetime
        self.now = now
    }

    static func path(_ id: String) -> String { "/dashboard/work/" + id }

    /// Records a task for the member and returns its ID with the `finish` the call must run
    /// once; throws 429 `TOO_MANY_TASKS` when the organization's tasks are all still running.
    func start(organizationId: String, memberId: String, title: String, back: String, actions: [String: String] = [:]) throws -> (
        id: String, finish: (Result<Render, Error>) -> Void
    ) {
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let task = Task(
            id: id, organizationId: organizationId, memberId: memberId, title: title, back: back, startedAt: now(), actions: actions,
            outcome: nil)
        try lock.withLock {
            expire()
            let mine = tasks.values.filter { $0.organizationId == task.organizationId }
            if mine.count >= limit {
                guard let oldest = mine.filter({ $0.outcome != nil }).min(by: { $0.startedAt < $1.startedAt }) else {
                    throw APIError(
                        status: 429, code: "TOO_MANY_TASKS",
                        message: "Your organization has \(limit) tasks waiting on Apple; wait for one to finish.",
                        headers: [("Retry-After", "5")])
                }
                tasks[oldest.id] = nil
            }
            tasks[id] = task
        }
        return (id, { [weak self] outcome in self?.finish(id, outcome) })
    }

    /// Starts `call` as a task and answers the 303 to the task's page. `call` hands its outcome
    /// to the `finish` it is given, once; what it throws before that is thrown here, no task kept.
    func begin(
        _ context: PageContext, title: String, back: String, actions: [String: String] = [:],
        _ call: (@escaping (Result<Render, Error>) -> Void) throws -> Void
    ) throws -> HTTPResponse {
        let started = try start(
            organizationId: context.session.organizationId, memberId: context.session.memberId, title: title, back: back,
            actions: actions)
        do {
            try call(started.finish)
        } catch {
            lock.withLock { tasks[started.id] = nil }
            throw error
        }
        return PageResponse.redirect(PendingWork.path(started.id))
    }

    private func finish(_ id: String, _ outcome: Result<Render, Error>) {
        lock.withLock { tasks[id]?.outcome = outcome }
    }

    /// The member's task, or nil when it expired, the hub restarted, or it is someone else's.
    func task(_ id: String, organizationId: String, memberId: String) -> Task? {
        lock.withLock {
            expire()
            guard let task = tasks[id], task.organizationId == organizationId, task.memberId == memberId else { return nil }
            return task
        }
    }

    /// Tasks kept across all organizations, for tests and metrics.
    var count: Int { lock.withLock { tasks.count } }

    private func expire() {
        let cutoff = now().addingTimeInterval(-lifetime)
        tasks = tasks.filter { $0.value.startedAt > cutoff }
    }
}
