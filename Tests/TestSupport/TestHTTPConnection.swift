import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response read off a raw socket by `TestHTTPConnection`.
public struct TestHTTPResponse {
    public let status: Int
    public let headers: [(String, String)]
    public let body: [UInt8]

    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// `error.code` of an error envelope.
    public var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
}

public struct TestHTTPError: Error, CustomStringConvertible {
    public let description: String
}

/// A plain TCP client speaking just enough HTTP/1.1 to test the server byte for byte,
/// including several requests on one connection.
public final class TestHTTPConnection {
    public let fd: Int32
    private var buffer: [UInt8] = []

    /// `from` binds the client end to another loopback address (`127.0.0.2`), so the server
    /// sees a different client.
    public init(port: UInt16, timeout: TimeInterval = 5, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestHTTPError(description: "socket failed: errno \(errno)") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - floor(timeout)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                Glibc.close(fd)
                throw TestHTTPError(description: "bind to \(source) failed: errno \(errno)")
            }
        }
        guard TestHTTPConnection.connect(fd, port) == 0 else {
            Glibc.close(fd)
            throw TestHTTPError(description: "connect to \(port) failed: errno \(errno)")
        }
    }

    deinit { Glibc.close(fd) }

    private static func connect(_ fd: Int32, _ port: UInt16) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// Whether anything accepts TCP connections on the port.
    public static func canConnect(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { Glibc.close(fd) }
        return connect(fd, port) == 0
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestHTTPError(description: "send failed: errno \(errno)") }
            sent += n
        }
    }

    /// Sends one request; adds `Host` and, when there is a body, `Content-Length`.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) throws -> TestHTTPResponse
    {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + body)
        return try readResponse(method: method)
    }

    /// Reads exactly one response (Content-Length framed, or a body-less status).
    public func readResponse(method: String = "GET") throws -> TestHTTPResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            if buffer.count >= 4 {
                for i in 0...(buffer.count - 4) where Array(buffer[i..<(i + 4)]) == separator {
                    headEnd = i
                    break
                }
            }
            if headEnd == nil { try fill() }
        }
        let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestHTTPError(description: "bad status line in \(head)") }
        let headers: [(String, String)] = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = headers.first { $0.0.lowercased() == "content-length" }.flatMap { Int($0.1) } ?? 0
        if method == "HEAD" || status == 204 || status == 304 { return TestHTTPResponse(status: status, headers: headers, body: []) }
        while buffer.count < length { try fill() }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return TestHTTPResponse(status: status, headers: headers, body: body)
    }

    /// True when the server closed the connection (read returns 0) within the timeout.
    public func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }

    /// Whether the server has already closed the connection, without waiting: a pending end
    /// of stream or reset reads as closed, silence as open.
    public func isClosedNow() -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw TestHTTPError(description: n == 0 ? "connection closed" : "recv failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[0..<n])
    }

    /// One request on a fresh connection.
    public static func fetch(
        port: UInt16, _ method: String, _ target: String, headers: [(String, String)] = [],
        body: [UInt8] = []
    ) throws -> TestHTTPResponse {
        try TestHTTPConnection(port: port).request(method, target, headers: headers, body: body)
    }
}
