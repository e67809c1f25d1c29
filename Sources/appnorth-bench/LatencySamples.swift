import Foundation

/// Durations of single calls, in nanoseconds, and their percentiles.
struct LatencySamples {
    private(set) var nanos: [UInt64] = []
    /// CPU time of the whole process (every thread) while recording, in nanoseconds.
    private(set) var cpuNanos: UInt64 = 0

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func processCPU() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Times `body` once per call, back to back on this thread, for `seconds`.
    mutating func record(for seconds: Double, _ body: () throws -> Void) rethrows {
        let end = Self.now() + UInt64(seconds * 1e9)
        nanos.reserveCapacity(nanos.count + 100_000)
        let cpu = Self.processCPU()
        defer { cpuNanos += Self.processCPU() - cpu }
        var start = Self.now()
        while start < end {
            try body()
            let stop = Self.now()
            nanos.append(stop - start)
            start = stop
        }
    }

    /// The `p`-th percentile (0...100) in microseconds.
    func percentile(_ p: Double) -> Double {
        guard !nanos.isEmpty else { return 0 }
        let sorted = nanos.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count) * p / 100).rounded(.down)))
        return Double(sorted[index]) / 1000
    }

    /// Calls per second over the recorded time.
    var rate: Double {
        let total = nanos.reduce(0, +)
        return total == 0 ? 0 : Double(nanos.count) / (Double(total) / 1e9)
    }

    var summary: String {
        String(
            format: "p50 %.1f us, p99 %.1f us, %.0f calls/s (%d calls), process CPU %.1f us per call", percentile(50), percentile(99), rate,
            nanos.count, nanos.isEmpty ? 0 : Double(cpuNanos) / Double(nanos.count) / 1000)
    }
}
