import Foundation
import HubHTTPClient
import HubMessaging
import HubRuntime

/// The due pushes of one pass in the order the worker hands them to APNs: read from the queue a
/// batch ahead on the store's queue (where each one's badge is asked of chatd and its request
/// built, off the sending thread), split by project and environment (a connection each), and
/// held back while an earlier push to the same device is unanswered. An answer can remove a
/// registration (410, an invalid token), and recording it cancels the device's other pending
/// pushes; so no push goes out while that answer is outstanding, and none goes out to a device
/// an answer removed during the pass (its row is cancelled, or stays pending for the next pass).
/// Used by the worker's thread only.
final class PushPassQueue {
    /// A push read and not sent yet. A class: the sending thread moves thousands a second
    /// between arrays, and a reference is one count to copy where the row and request are a dozen.
    final class Due {
        let item: PushQueueItem
        /// 1 when its owner had an unread team reply, else 0.
        let badge: Int
        /// Its device (`deviceKey`).
        let device: Int
        /// Its request (`APNsSender.request`); nil when its project had no credentials.
        let request: HTTPStreamRequest?

        init(item: PushQueueItem, badge: Int, device: Int, request: HTTPStreamRequest?) {
            self.item = item
            self.badge = badge
            self.device = device
            self.request = request
        }
    }

    /// Due pushes of one project and environment, with the project's credentials (nil: it has
    /// none any more).
    struct Group {
        let projectId: String
        let environment: PushEnvironment
        let credentials: PushStoredCredentials?
        let dues: [Due]

        /// The kept connection the group goes out on (`APNsSender.connectionName`).
        var connection: String? {
            credentials.map { APNsSender.connectionName(credentials: $0, environment: environment) }
        }
    }

    /// A read of the queue: due pushes in ID order, and the credentials of their projects.
    typealias Read = (dues: [Due], credentials: [String: PushStoredCredentials?])

    /// A push's device (project, environment, token) as a number, computed as the queue is
    /// read so the sending thread compares numbers, not strings. Two devices sharing a number
    /// only makes one push wait for the other's answer, or wait for the next pass.
    static func deviceKey(_ item: PushQueueItem) -> Int {
        var hasher = Hasher()
        hasher.combine(item.projectId)
        hasher.combine(item.environment)
        hasher.combine(item.token)
        return hasher.finalize()
    }

    /// A project and environment: what splits a read into groups.
    private struct Destination: Hashable {
        let projectId: String
        let environment: PushEnvironment
    }

    private let read: (_ after: Int64) throws -> Read
    private let storeQueue: DispatchQueue
    private var readAhead: BackgroundResult<Read>?
    /// The last ID read.
    private var lastId: Int64 = 0
    private var exhausted = false
    private var credentials: [String: PushStoredCredentials?] = [:]
    /// Read and not yet handed out, head first.
    private var groups: [Group] = []
    /// Held back behind an unanswered push to the same device, in queue order.
    private var held: [Due] = []
    /// Pushes in flight per device.
    private var unanswered: [Int: Int] = [:]
    /// Devices an answer removed during the pass.
    private var removed: Set<Int> = []

    /// Starts reading the first batch on `storeQueue`; `read` gives due pushes after an ID.
    init(storeQueue: DispatchQueue, read: @escaping (_ after: Int64) throws -> Read) {
        self.storeQueue = storeQueue
        self.read = read
        readAhead = BackgroundResult(on: storeQueue) { try read(0) }
    }

    /// Waits for a read still running: none outlives the pass.
    func finish() {
        _ = try? readAhead?.wait()
        readAhead = nil
    }

    /// The next group to send, of pushes none of which has an unanswered push to its device.
    /// With `connection` (a feed on that connection is running), only a group for it, and nil
    /// rather than waiting when every push left is held back: the feed ends, its answers come
    /// in, and the next call without `connection` takes the rest. Without it, nil means the
    /// pass has nothing left.
    func next(for connection: String?) throws -> Group? {
        while true {
            if groups.isEmpty {
                guard try refill(feeding: connection != nil) else { return nil }
            }
            let group = groups[0]
            if let connection, group.connection != connection { return nil }
            groups.removeFirst()
            var ready: [Due] = []
            ready.reserveCapacity(group.dues.count)
            for due in group.dues {
                if removed.contains(due.device) { continue }
                if unanswered[due.device] != nil { held.append(due) } else { ready.append(due) }
            }
            if !ready.isEmpty {
                return Group(projectId: group.projectId, environment: group.environment, credentials: group.credentials, dues: ready)
            }
        }
    }

    /// The pushes just handed to the sender.
    func sent(_ dues: [Due]) {
        for due in dues { unanswered[due.device, default: 0] += 1 }
    }

    /// Their answers: the devices are free again, unless an answer removed one.
    func answered(_ dues: [Due], _ outcomes: [PushOutcome]) {
        for (due, outcome) in zip(dues, outcomes) {
            if let count = unanswered[due.device] { unanswered[due.device] = count > 1 ? count - 1 : nil }
            switch outcome {
            // Recording a 410 removes the registration unless it was renewed since; either way
            // the device's other pushes wait for the next pass, which reads what is left.
            case .unregistered, .permanent(_, _, true): removed.insert(due.device)
            default: break
            }
        }
    }

    /// Takes the next read (held pushes first, then the batch) and starts the one after it.
    /// While feeding, once the queue is read to the end, held pushes are taken again only when
    /// one of them is no longer held, so the caller is not handed the same wait forever.
    private func refill(feeding: Bool) throws -> Bool {
        var dues: [Due] = []
        if !exhausted {
            let ahead = readAhead
            readAhead = nil
            let batch = try ahead?.wait() ?? read(lastId)
            if let last = batch.dues.last?.item.id {
                lastId = last
                readAhead = BackgroundResult(on: storeQueue) { [read] in try read(last) }
                credentials.merge(batch.credentials) { _, new in new }
            } else {
                exhausted = true
            }
            dues = batch.dues
        } else if feeding && held.allSatisfy({ unanswered[$0.device] != nil }) {
            return false
        }
        if !held.isEmpty {
            dues = held + dues
            held = []
        }
        guard let first = dues.first?.item else { return false }
        // Mostly one project and environment: then the read is one group as it is.
        if dues.allSatisfy({ $0.item.environment == first.environment && $0.item.projectId == first.projectId }) {
            groups = [group(Destination(projectId: first.projectId, environment: first.environment), dues)]
            return true
        }
        var order: [Destination] = []
        var byDestination: [Destination: [Due]] = [:]
        for due in dues {
            let key = Destination(projectId: due.item.projectId, environment: due.item.environment)
            if byDestination[key] == nil { order.append(key) }
            byDestination[key, default: []].append(due)
        }
        groups = order.map { group($0, byDestination[$0]!) }
        return true
    }

    private func group(_ destination: Destination, _ dues: [Due]) -> Group {
        Group(
            projectId: destination.projectId, environment: destination.environment,
            credentials: credentials[destination.projectId] ?? nil, dues: dues)
    }
}
