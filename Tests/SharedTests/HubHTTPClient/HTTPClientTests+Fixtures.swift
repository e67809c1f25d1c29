import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

extension HTTPClientTests {
    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }

    typealias FixtureProcess = TestSupport.FixtureProcess

    static var packageRoot: URL { TestPython.packageRoot }

    static func python() throws -> String { try TestPython.interpreter().path }

    /// A loopback port nothing listens on.
    static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = loopback(port: 0)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &addr) { p in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(fd, $0, len) == 0, getsockname(fd, $0, &len) == 0 else {
                    throw FixtureError(description: "bind failed")
                }
            }
        }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// A loopback listener whose accept queue is already full, so a new SYN is dropped and a
    /// connect attempt hangs until the client's connect timeout. Returns the port and the
    /// descriptors to close afterwards.
    static func saturatedListener() throws -> (port: Int, fds: [Int32]) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = loopback(port: 0)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &addr) { p in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                guard bind(listener, $0, len) == 0, listen(listener, 0) == 0, getsockname(listener, $0, &len) == 0 else {
                    throw FixtureError(description: "listen failed")
                }
            }
        }
        var fds = [listener]
        for _ in 0..<3 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var target = addr
            _ = withUnsafePointer(to: &target) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            fds.append(fd)
        }
        usleep(100_000)
        return (Int(UInt16(bigEndian: addr.sin_port)), fds)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return addr
    }

    /// Runs `openssl rehash` so a directory of PEM files works as a CApath.
    static func rehash(_ directory: String) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["rehash", directory]
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw FixtureError(description: "openssl rehash failed") }
    }
}
