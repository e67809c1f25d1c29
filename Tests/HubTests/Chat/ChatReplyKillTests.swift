import Foundation
import TestSupport
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import PushService

/// The reliability rule for chat events with a real `kill -9`: chatd runs as its own process
/// (the built `chatd` binary), commits a team reply while pushd is down, and is killed before it
/// can deliver; the restarted chatd delivers the `chat.replied` event to pushd exactly once.
final class ChatReplyKillTests: XCTestCase {
    private struct BinaryMissing: Error, CustomStringConvertible { let description: String }

    private var hub: HubHarness!
    private var child: Process?
    private var client: RPCClient?

    override func setUpWithError() throws { hub = try HubHarness() }

    override func tearDown() {
        client?.close()
        if let child, child.isRunning {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        hub?.shutdown()
    }

    /// The `chatd` executable next to the test bundle (`swift build --build-tests` builds it).
    private func chatdBinary() throws -> String {
        let candidates =
            [Bundle.main.bundleURL, Bundle(for: ChatReplyKillTests.self).bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("chatd").path }
            + [TestPython.packageRoot.appendingPathComponent(".build/debug/chatd").path]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BinaryMissing(description: "no chatd executable in \(candidates); build it with `swift build --build-tests`")
        }
        return found
    }

    private func startChatd() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chatdBinary())
        process.environment = [
            "APPNORTH_DATA_DIR": hub.dataDirectory, "APPNORTH_LOG_LEVEL": "warn",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        child = process
        return process
    }

    private func call<M: RPCMessage>(_ m: M.Type, _ request: M.Request) throws -> M.Response {
        try client!.call(m, request, timeout: 5).get()
    }

    func testATeamReplyCommittedBeforeKill9ReachesPushdOnceAfterRestart() throws {
        // Given chatd as a process, pushd down, and a conversation with a user message
        let first = try startChatd()
        client = try hub.client(of: .chatd, defaultTimeout: 5)
        XCTAssertTrue(eventually(timeout: 15, every: 0.05) { (try? self.call(SysPing.self, RPCEmpty())) != nil }, "chatd did not start")
        let owner = ChatOwner(projectId: "prj_kill", kind: .email, value: "ana@example.com")
        _ = try call(ChatSend.self, ChatSend.Request(owner: owner, body: "My sync stopped", payloadHash: "h"))
        let conversationId = try XCTUnwrap(try call(ChatStatus.self, ChatStatus.Request(owner: owner)).conversationId)

        // When the team reply is acknowledged and chatd is killed with SIGKILL before pushd is up
        let reply = try call(
            ChatTeamPost.self,
            ChatTeamPost.Request(
                projectId: owner.projectId, conversationId: conversationId,
                body: "Fixed in 2.1", internal: false, author: "token:t1"))
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        XCTAssertEqual(first.terminationReason, .uncaughtSignal)

        // Then after pushd starts and chatd is started again, pushd holds the reply's event exactly once
        try hub.startDaemon(.pushd)
        _ = try startChatd()
        let pushd = hub.daemons[.pushd]!.context.store
        let replied = {
            try pushd.query("SELECT payload FROM chat_events WHERE topic = 'chat.replied'").compactMap { $0.string("payload") }
        }
        XCTAssertTrue(try eventually(timeout: 15, every: 0.05) { try replied().count >= 1 }, "the chat.replied event never reached pushd")
        Thread.sleep(forTimeInterval: 0.5)
        let payloads = try replied()
        XCTAssertEqual(payloads.count, 1)
        XCTAssertTrue(payloads.first?.contains(reply.id) ?? false, "\(payloads)")
    }
}
