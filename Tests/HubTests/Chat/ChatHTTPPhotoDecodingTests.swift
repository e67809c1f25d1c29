import Foundation
import TestSupport
import XCTest

@testable import HubHTTPClient
@testable import IngestService

/// Where and how much chat photo uploads are decoded: a pixel budget read from the header,
/// and decoding on ingest's image decoder, never on its HTTP threads.
final class ChatHTTPPhotoDecodingTests: XCTestCase {
    var chat: ChatHTTPFixture!
    var photos: ChatPhotoFixture!

    override func setUpWithError() throws {
        chat = try ChatHTTPFixture()
        photos = ChatPhotoFixture(chat: chat)
    }

    override func tearDown() { chat?.shutdown() }

    func testImagesOverFortyMegapixelsAreRefusedAndFortyAreAccepted() throws {
        // Given JPEGs of 8000x5001 and 8000x5000 pixels (small files of one colour)
        let over = try TestImages.pillow("solid_jpeg", "8000", "5001")
        let at = try TestImages.pillow("solid_jpeg", "8000", "5000")
        // When a participant and the team upload the larger one
        let refused = try photos.upload(over, "image/jpeg")
        try chat.send("hello")
        let teamRefused = try photos.upload(over, "image/jpeg", team: try chat.conversationId())
        // Then both are refused with 413 IMAGE_TOO_MANY_PIXELS, and nothing was staged
        for reply in [refused, teamRefused] {
            XCTAssertEqual(reply.status, 413, reply.text)
            XCTAssertEqual(reply.code, "IMAGE_TOO_MANY_PIXELS")
        }
        XCTAssertEqual(try photos.chatStore().scalar("SELECT COUNT(*) FROM images").intValue, 0)
        // And the one at the budget is accepted and shrunk to 2048x1280
        let accepted = try photos.upload(at, "image/jpeg")
        XCTAssertEqual(accepted.status, 201, accepted.text)
        let image = try XCTUnwrap(accepted.json["image"] as? [String: Any])
        XCTAssertEqual(image["width"] as? Int, 2048)
        XCTAssertEqual(image["height"] as? Int, 1280)
    }

    func testCompletionsWaitingForTheDecoderHoldNoHTTPThread() throws {
        // Given three uploads put to their URLs, more than ingest's two HTTP threads
        let bytes = try TestImages.pillow("small_jpeg")
        var tokens: [String] = []
        for _ in 0..<3 {
            let started = try photos.start("image/jpeg", bytes.count)
            let put = try photos.raw(
                "PUT", try XCTUnwrap(started.json["uploadUrl"] as? String),
                headers: [("Content-Type", "image/jpeg")], body: bytes)
            XCTAssertEqual(put.status, 204, put.text)
            tokens.append(try XCTUnwrap(started.json["uploadToken"] as? String))
        }
        // And the image decoder busy with a long decode (a job held until released)
        let decoder = try XCTUnwrap(chat.hub.app?.imageDecoder)
        let gate = DispatchSemaphore(value: 0)
        var held = 1
        XCTAssertTrue(decoder.submit { gate.wait() })
        defer { for _ in 0..<held { gate.signal() } }
        XCTAssertTrue(eventually(timeout: 10) { decoder.load.running == 1 })

        // When the three completions are sent at once, each on its own connection
        let replies = StatusBox()
        let url = chat.hub.baseURL + chat.url("/chat/images", token: PublicAPI.voterToken)
        for token in tokens {
            Thread {
                let client = HTTPClient(
                    options: {
                        var o = HTTPClientOptions()
                        o.totalTimeout = 30
                        return o
                    }())
                let body = Array(#"{"uploadToken":"\#(token)"}"#.utf8)
                let status =
                    (try? client.send(
                        HTTPClientRequest(
                            method: "POST", url: url, headers: [("Content-Type", "application/json")],
                            body: body)
                    ).status) ?? -1
                replies.append(status)
            }.start()
        }
        XCTAssertTrue(eventually(timeout: 10) { decoder.load.waiting == 3 })
        // Then a route that needs an HTTP thread still answers at once
        let asked = DispatchTime.now().uptimeNanoseconds
        let version = try chat.hub.get("/version")
        XCTAssertEqual(version.status, 200)
        XCTAssertLessThan(Double(DispatchTime.now().uptimeNanoseconds - asked) / 1e9, 1)
        XCTAssertEqual(replies.values, [], "the completions are still waiting for the decoder")

        // And with the decoder's queue full, one more completion is refused at once with 503 and Retry-After
        for _ in 0..<(decoder.maxQueued - 3) { XCTAssertTrue(decoder.submit { gate.wait() }) }
        held += decoder.maxQueued - 3
        let more = try photos.upload(bytes, "image/jpeg")
        XCTAssertEqual(more.status, 503, more.text)
        XCTAssertEqual(more.code, "SERVICE_UNAVAILABLE")
        XCTAssertNotNil(more.header("Retry-After"))

        // And once the decoder is free, the three waiting completions are answered 201
        for _ in 0..<held { gate.signal() }
        held = 0
        XCTAssertTrue(eventually(timeout: 10) { replies.values.count == 3 })
        XCTAssertEqual(replies.values, [201, 201, 201])
    }
}

/// Statuses collected from several threads.
private final class StatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ status: Int) { lock.withLock { stored.append(status) } }
    var values: [Int] { lock.withLock { stored } }
}
