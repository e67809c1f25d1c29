import Foundation

public enum LogLevel: Int, Comparable, Sendable {
    case debug = 0
    case info, warn, error

    public var name: String { ["debug", "info", "warn", "error"][rawValue] }
    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "warn", "warning": self = .warn
        case "error": self = .error
        default: return nil
        }
    }
    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
}

/// Where log lines go. The default writes to standard error, which the supervisor sends
/// to `$APPNORTH_DATA_DIR/log/<daemon>.log`.
public protocol LogSink: AnyObject, Sendable {
    func write(line: String)
    /// Writes out anything buffered.
    func flush()
}

extension LogSink {
    public func flush() {}
}

/// Writes to standard error in batches: lines collect in a buffer that a background thread
/// writes every 50 ms, at once when it passes 64 KiB, and at once for warnings and errors,
/// so the access log costs no system call per request. `flush()` runs at shutdown.
public final class StandardErrorSink: LogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private let flushBytes = 64 << 10
    private var flusher: Thread?

    public init() {
        pending.reserveCapacity(flushBytes)
    }

    public func write(line: String) {
        // Lines start `{"ts":"<24 chars>","level":"`: byte 42 is the level's first letter.
        let levelLetter = line.utf8.dropFirst(42).first
        let urgent = levelLetter != UInt8(ascii: "i") && levelLetter != UInt8(ascii: "d")
        let full: Bool = lock.withLock {
            pending.append(contentsOf: line.utf8)
            pending.append(10)
            if flusher == nil { startFlusher() }
            return pending.count >= flushBytes
        }
        if full || urgent { flush() }
    }

    public func flush() {
        let bytes: [UInt8] = lock.withLock {
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue } else { return } }
            offset += n
        }
    }

    private func startFlusher() {
        let thread = Thread.named("log-flush") { [weak self] in
            while let sink = self {
                sink.flush()
                usleep(50_000)
            }
        }
        flusher = thread
        thread.start()
    }
}

/// Keeps lines in memory; for tests.
public final class MemoryLogSink: LogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    public init() {}
    public func write(line: String) { lock.withLock { stored.append(line) } }
    public var lines: [String] { lock.withLock { stored } }
}

/// JSON-lines logger: one object per line with `ts`, `level`, `daemon`, `msg` and fields.
/// Every field passes through `Redactor`, so secrets never reach the log.
public final class Logger: @unchecked Sendable {
    public let daemon: String
    public let level: LogLevel
    private let clock: Clock
    private let sink: LogSink

    public init(daemon: String, level: LogLevel = .info, clock: Clock = SystemClock(), sink: LogSink = StandardErrorSink()) {
        self.daemon = daemon
        self.level = level
        self.clock = clock
        self.sink = sink
    }

    public func debug(_ message: String, _ fields: KeyValuePairs<String, Any> = [:]) { log(.debug, message, fields) }
    public func info(_ message: String, _ fields: KeyValuePairs<String, Any> = [:]) { log(.info, message, fields) }
    public func warn(_ message: String, _ fields: KeyValuePairs<String, Any> = [:]) { log(.warn, message, fields) }
    public func error(_ message: String, _ fields: KeyValuePairs<String, Any> = [:]) { log(.error, message, fields) }

    public func flush() { sink.flush() }

    /// A line whose fields the caller already wrote as JSON members (`"k":v,…`, without
    /// braces) and already cleared of secrets: for the access log, written once per request.
    public func log(_ at: LogLevel, _ message: String, preformattedFields fields: String) {
        guard at >= level else { return }
        var out = "{\"ts\":\"\(ISOTime.format(clock.now()))\",\"level\":\"\(at.name)\",\"daemon\":"
        JSONText.appendString(daemon, to: &out)
        out += ",\"msg\":"
        JSONText.appendString(message, to: &out)
        if !fields.isEmpty {
            out += ","
            out += fields
        }
        out += "}"
        sink.write(line: out)
    }

    public func log(_ at: LogLevel, _ message: String, _ fields: KeyValuePairs<String, Any>) {
        guard at >= level else { return }
        var out = "{\"ts\":\"\(ISOTime.format(clock.now()))\",\"level\":\"\(at.name)\",\"daemon\":"
        JSONText.appendString(daemon, to: &out)
        out += ",\"msg\":"
        JSONText.appendString(Redactor.scrub(message), to: &out)
        for (key, value) in fields {
            out += ","
            JSONText.appendString(key, to: &out)
            out += ":"
            if Redactor.isSecretKey(key) {
                out += "\"[redacted]\""
                continue
            }
            switch value {
            case let v as Bool: out += v ? "true" : "false"
            case let v as Int: out += String(v)
            case let v as Int64: out += String(v)
            case let v as UInt64: out += String(v)
            case let v as Double: out += v.isFinite ? String(v) : "null"
            case let v as Date: JSONText.appendString(ISOTime.format(v), to: &out)
            case let v as String: JSONText.appendString(Redactor.scrub(v), to: &out)
            default: JSONText.appendString(Redactor.scrub(String(describing: value)), to: &out)
            }
        }
        out += "}"
        sink.write(line: out)
    }
}
