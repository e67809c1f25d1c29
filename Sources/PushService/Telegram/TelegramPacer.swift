import Foundation

/// Telegram's per-group pace (about 20 messages a minute): a sliding minute of send times per
/// chat, kept in memory. A restart forgets it, which can at worst let one extra minute's worth
/// through; Telegram then answers 429 with `retry_after`, which delivery honours too.
final class TelegramPacer: @unchecked Sendable {
    private let perMinute: Int
    private var sent: [String: [Int64]] = [:]
    private let lock = NSLock()

    /// `perMinute` 0: no pacing.
    init(perMinute: Int) { self.perMinute = perMinute }

    /// nil when a message may go to `chatId` now, else the time (ms) a slot frees.
    func wait(chatId: String, nowMs: Int64) -> Int64? {
        guard perMinute > 0 else { return nil }
        return lock.withLock {
            var times = sent[chatId, default: []].filter { $0 > nowMs - 60_000 }
            sent[chatId] = times
            guard times.count >= perMinute else { return nil }
            times.sort()
            return times[times.count - perMinute] + 60_000
        }
    }

    func record(chatId: String, nowMs: Int64) {
        guard perMinute > 0 else { return }
        lock.withLock { sent[chatId, default: []].append(nowMs) }
    }
}
