import Foundation

#if canImport(Glibc)
    import Glibc
#endif

public struct FixtureProcessError: Error, CustomStringConvertible {
    public let description: String
}

/// A Python fixture server from `Tests/Fixtures/` running as a child process. It prints its
/// port (and sometimes more) on its first stdout lines, and exits when its stdin closes.
public final class FixtureProcess {
    public let process = Process()
    private let input = Pipe()
    public private(set) var lines: [String] = []

    public var port: Int { Int(lines[0]) ?? 0 }

    public init(script: String, arguments: [String] = [], lineCount: Int = 1) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: try TestPython.interpreter().path)
        process.arguments =
            [TestPython.packageRoot.appendingPathComponent("Tests/Fixtures/\(script)").path]
            + ["--port", "0"] + arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        lines = try FixtureProcess.readLines(output.fileHandleForReading.fileDescriptor, count: lineCount, within: 15)
        guard lines.count == lineCount, port > 0 else {
            stop()
            throw FixtureProcessError(description: "\(script) did not start (printed \(lines))")
        }
    }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    private static func readLines(_ fd: Int32, count: Int, within seconds: Double) throws -> [String] {
        var buffer: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while buffer.filter({ $0 == 10 }).count < count {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw FixtureProcessError(description: "fixture printed nothing for \(seconds) s") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 512)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { break }
            buffer.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
