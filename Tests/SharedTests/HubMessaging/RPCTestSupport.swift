import Foundation
import TestSupport
import XCTest

@testable import HubMessaging

/// Message types used only by the messaging tests.
enum TestEcho: RPCMessage {
    static let type = "test.echo"
    struct Request: Codable, Equatable {
        var text: String
        var n: Int
    }
    typealias Response = Request
}

/// Same wire type as `TestEcho`, one version ahead.
enum TestEchoV2: RPCMessage {
    static let type = "test.echo"
    static let version = 2
    typealias Request = TestEcho.Request
    typealias Response = TestEcho.Response
}

enum TestLookup: RPCMessage {
    static let type = "test.lookup"
    struct Request: Codable, Equatable { var key: String }
    struct Response: Codable, Equatable { var value: String }
}

enum TestNobody: RPCMessage {
    static let type = "test.nobody"
    typealias Request = RPCEmpty
    typealias Response = RPCEmpty
}

struct TestFailure: Error {}

/// A short-lived directory for `ipc://` sockets; Unix socket paths must stay under ~100 bytes,
/// so it lives directly in /tmp rather than under the (long) XCTest temporary directory.
final class IPCDirectory {
    let path: String

    init() {
        path = "/tmp/anrpc-" + String(UUID().uuidString.prefix(8)).lowercased()
    }

    func endpoint(_ name: String) -> String { "ipc://\(path)/\(name)" }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Time a block takes, in seconds.
func measureSeconds(_ body: () throws -> Void) rethrows -> TimeInterval {
    let start = Date()
    try body()
    return Date().timeIntervalSince(start)
}

/// Retries a blocking call until it succeeds or `within` seconds pass; returns the last result.
func callUntilOK<M: RPCMessage>(
    _ client: RPCClient, _ m: M.Type, _ request: M.Request,
    within: TimeInterval, timeout: TimeInterval = 0.3
) -> Result<M.Response, RPCError> {
    var last: Result<M.Response, RPCError>?
    _ = eventually(timeout: within, every: 0.05) {
        last = client.call(m, request, timeout: timeout)
        return last?.successValue != nil
    }
    return last!
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    var successValue: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
