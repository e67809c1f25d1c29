/// A min-heap of (deadline, key) used by the client's I/O thread to find the next call to
/// expire. Entries are not removed when a call completes early; the owner skips keys it
/// no longer knows when they surface.
struct DeadlineHeap {
    struct Entry {
        let at: UInt64
        let key: String
    }

    private var items: [Entry] = []

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    var first: Entry? { items.first }

    mutating func push(at: UInt64, key: String) {
        items.append(Entry(at: at, key: key))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].at < items[parent].at else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func popFirst() -> Entry? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count && items[left].at < items[smallest].at { smallest = left }
            if right < items.count && items[right].at < items[smallest].at { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }
}
