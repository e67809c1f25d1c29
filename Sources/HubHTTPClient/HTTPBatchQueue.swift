/// The batches of one `HTTPMultiplexClient.send(feed:completed:)` call: which request starts
/// next, each batch's outcomes so far, and which batches are complete in the order they came.
/// A batch's state (its requests and shared header list) is dropped once it is delivered, so a
/// long feed holds only the batches still in flight.
struct HTTPBatchQueue {
    typealias Outcome = Result<HTTPClientResponse, HTTPClientError>

    /// One request of one batch.
    struct Tag: Hashable {
        let batch: Int
        let index: Int
    }

    private final class Entry {
        let requests: [HTTPStreamRequest]
        let shared: CurlHeaderList?
        var results: [Outcome?]
        var remaining: Int

        init(requests: [HTTPStreamRequest], shared: CurlHeaderList?) {
            self.requests = requests
            self.shared = shared
            results = Array(repeating: nil, count: requests.count)
            remaining = requests.count
        }
    }

    /// By batch number; nil once delivered.
    private var entries: [Entry?] = []
    private var firstUndelivered = 0
    /// The next request of the batches in order, and requests to start again before it.
    private var cursor = Tag(batch: 0, index: 0)
    private var resends: [Tag] = []

    /// Adds a batch behind the others. A shared header that cannot be sent fails the whole
    /// batch unsent.
    mutating func append(_ batch: HTTPRequestBatch) {
        let number = entries.count
        do {
            entries.append(Entry(requests: batch.streams, shared: try CurlHeaderList(batch.sharedHeaders, omitting: batch.omitting)))
        } catch {
            entries.append(Entry(requests: batch.streams, shared: nil))
            let failure = (error as? HTTPClientError) ?? .transport(code: -1, message: "\(error)")
            for index in batch.streams.indices { record(Tag(batch: number, index: index), .failure(failure)) }
        }
    }

    /// Whether a request is waiting to start.
    var hasUnstarted: Bool {
        mutating get { !resends.isEmpty || settleCursor() }
    }

    /// The next request to start (one to send again first), with its batch's shared headers.
    mutating func nextUnstarted() -> (Tag, HTTPStreamRequest, CurlHeaderList?)? {
        let tag: Tag
        if !resends.isEmpty {
            tag = resends.removeFirst()
        } else {
            guard settleCursor() else { return nil }
            tag = cursor
            cursor = Tag(batch: cursor.batch, index: cursor.index + 1)
        }
        guard let entry = entries[tag.batch] else { return nil }
        return (tag, entry.requests[tag.index], entry.shared)
    }

    /// Starts a request again after the others already queued.
    mutating func resend(_ tag: Tag) {
        resends.append(tag)
    }

    mutating func record(_ tag: Tag, _ outcome: Outcome) {
        guard let entry = entries[tag.batch], entry.results[tag.index] == nil else { return }
        entry.results[tag.index] = outcome
        entry.remaining -= 1
    }

    /// Fails every request not started yet.
    mutating func failUnstarted(_ failure: HTTPClientError) {
        while let (tag, _, _) = nextUnstarted() { record(tag, .failure(failure)) }
    }

    /// The outcomes of the oldest batch not delivered yet, once every one of them is known.
    mutating func popCompleted() -> [Outcome]? {
        guard firstUndelivered < entries.count, let entry = entries[firstUndelivered], entry.remaining == 0 else { return nil }
        entries[firstUndelivered] = nil
        firstUndelivered += 1
        return entry.results.map { $0! }
    }

    /// Moves the cursor past requests already started or failed; whether one is left.
    private mutating func settleCursor() -> Bool {
        while cursor.batch < entries.count {
            guard let entry = entries[cursor.batch], cursor.index < entry.requests.count else {
                cursor = Tag(batch: cursor.batch + 1, index: 0)
                continue
            }
            if entry.results[cursor.index] == nil { return true }
            cursor = Tag(batch: cursor.batch, index: cursor.index + 1)
        }
        return false
    }
}
