import Foundation
import Shared

/// The due pushes of one pass in the order the worker hands them to APNs: read from the queue a
/// batch ahead on the store's queue, split by project and environment (a connection each), and
/// held back while an earlier push to the same device is unanswered. An answer can remove a
/// registration (410, an invalid token), and recording it cancels the device's other pending
/// pushes; so no push goes out while that answer is outstanding, and none goes out to a device
/// an answer removed during the pass (its row is cancelled, or stays pending for the next pass).
/// Used by the worker's thread only.
final class PushPassQueue {
    /// Due pushes of one project and environment, with the project's credentials (nil: it has
    /// none any more).
    struct Group {
        let projectId: String
        let environment: PushEnvironment
        let credentials: PushStoredCredentials?
        let items: [PushQueueItem]

        /// The kept connection the group goes out on (`APNsSender.connectionName`).
        var connection: String? {
            credentials.map { APNsSender.connectionName(credentials: $0, environment: environment) }
        }
    }

    /// A read of the queue: due pushes in ID order, and the credentials of their projects.
    typealias Read = (items: [PushQueueItem], credentials: [String: PushStoredCredentials?])

    private struct Device: Hashable {
        let projectId: String
        let environment: PushEnvironment
        let token: String

        init(_ item: PushQueueItem) {
            projectId = item.projectId
            environment = item.environment
            token = item.token
        }
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
    private var held: [PushQueueItem] = []
    private var unanswered: [Device: Int] = [:]
    private var removed: Set<Device> = []

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
            var ready: [PushQueueItem] = []
            ready.reserveCapacity(group.items.count)
            for item in group.items {
                let device = Device(item)
                if removed.contains(device) { continue }
                if unanswered[device] != nil { held.append(item) } else { ready.append(item) }
            }
            if !ready.isEmpty {
                return Group(projectId: group.projectId, environment: group.environment, credentials: group.credentials, items: ready)
            }
        }
    }

    /// The pushes just handed to the sender.
    func sent(_ items: [PushQueueItem]) {
        for item in items { unanswered[Device(item), default: 0] += 1 }
    }

    /// Their answers: the devices are free again, unless an answer removed one.
    func answered(_ items: [PushQueueItem], _ outcomes: [PushOutcome]) {
        for (item, outcome) in zip(items, outcomes) {
            let device = Device(item)
            if let count = unanswered[device] { unanswered[device] = count > 1 ? count - 1 : nil }
            switch outcome {
            // Recording a 410 removes the registration unless it was renewed since; either way
            // the device's other pushes wait for the next pass, which reads what is left.
            case .unregistered, .permanent(_, _, true): removed.insert(device)
            default: break
            }
        }
    }

    /// Takes the next read (held pushes first, then the batch) and starts the one after it.
    /// While feeding, once the queue is read to the end, held pushes are taken again only when
    /// one of them is no longer held, so the caller is not handed the same wait forever.
    private func refill(feeding: Bool) throws -> Bool {
        var items: [PushQueueItem] = []
        if !exhausted {
            let ahead = readAhead
            readAhead = nil
            let batch = try ahead?.wait() ?? read(lastId)
            if let last = batch.items.last?.id {
                lastId = last
                readAhead = BackgroundResult(on: storeQueue) { [read] in try read(last) }
                credentials.merge(batch.credentials) { _, new in new }
            } else {
                exhausted = true
            }
            items = batch.items
        } else if feeding && held.allSatisfy({ unanswered[Device($0)] != nil }) {
            return false
        }
        items = held + items
        held = []
        guard !items.isEmpty else { return false }
        var order: [Destination] = []
        var byDestination: [Destination: [PushQueueItem]] = [:]
        for item in items {
            let key = Destination(projectId: item.projectId, environment: item.environment)
            if byDestination[key] == nil { order.append(key) }
            byDestination[key, default: []].append(item)
        }
        groups = order.map { key in
            Group(projectId: key.projectId, environment: key.environment, credentials: credentials[key.projectId] ?? nil,
                  items: byDestination[key]!)
        }
        return true
    }
}
