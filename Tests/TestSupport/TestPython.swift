import Foundation
import XCTest

/// The test-only Python (a venv with `cryptography` and `h2`, prepared by the test command)
/// that runs independent implementations and fake providers for the tests.
public enum TestPython {
    public struct Output {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Written by one reader thread, read only after its semaphore is signalled.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The directory holding Package.swift, found by walking up from this file.
    public static var packageRoot: URL {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
            dir = dir.deletingLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }

    public static var fixtures: URL { packageRoot.appendingPathComponent("Tests/Fixtures") }

    /// `APPNORTH_TEST_PYTHON`, else `<package root>/.venv/bin/python`; throws (failing the test)
    /// when neither exists, since these tests must not silently skip.
    public static func interpreter() throws -> URL {
        if let configured = ProcessInfo.processInfo.environment["APPNORTH_TEST_PYTHON"], !configured.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: configured) else {
                throw Missing(description: "APPNORTH_TEST_PYTHON=\(configured) is not an executable")
            }
            return URL(fileURLWithPath: configured)
        }
        let venv = packageRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: venv.path) else {
            throw Missing(
                description: """
                    Python for the tests is missing: create it with \
                    `python3 -m venv .venv && .venv/bin/pip install cryptography h2` in \(packageRoot.path), \
                    or set APPNORTH_TEST_PYTHON
                    """)
        }
        return venv
    }

    public static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = try interpreter()
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read stderr on another thread so that neither pipe can fill up and block the child.
        let errBox = DataBox()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs an inline script and returns its stdout, failing on a non-zero exit.
    public static func script(_ source: String, _ arguments: [String] = []) throws -> String {
        let output = try run(["-c", source] + arguments)
        guard output.status == 0 else {
            throw Missing(description: "python script failed (\(output.status)): \(output.stderr)")
        }
        return output.stdout
    }

    /// A file in a fresh temporary directory, removed by the caller's `addTeardownBlock`.
    public static func temporaryFile(named name: String, contents: String, in test: XCTestCase) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("appnorth-crypto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
