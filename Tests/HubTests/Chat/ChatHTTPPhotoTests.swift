import Foundation
import TestSupport
import XCTest

@testable import HubCrypto
@testable import HubMessaging
@testable import IngestService

/// Chat photos (docs/chat.md, "Photos") over HTTP: the two-step upload to the hub's own signed URL,
/// sanitizing, image tokens bound to app and sender, photos in messages with private URLs.
final class ChatHTTPPhotoTests: XCTestCase {
    var chat: ChatHTTPFixture!
    var photos: ChatPhotoFixture!

    override func setUpWithError() throws {
        chat = try ChatHTTPFixture()
        photos = ChatPhotoFixture(chat: chat)
    }

    override func tearDown() { chat?.shutdown() }

    func testAGPSTaggedJPEGComesBackAsAClean2048PixelJPEGInTheMessage() throws {
        // Given a 3000x1500 JPEG carrying EXIF GPS and XMP
        let original = try TestImages.pillow("gps_jpeg")
        XCTAssertTrue(TestImages.contains(original, "GPS") || TestImages.jpegSegments(original).contains { $0.marker == 0xE1 })

        // When it is uploaded in two steps and sent as a message without text
        let started = try photos.start("image/jpeg", original.count)
        XCTAssertEqual(started.status, 200, started.text)
        XCTAssertEqual(started.json["method"] as? String, "PUT")
        let uploadURL = try XCTUnwrap(started.json["uploadUrl"] as? String)
        XCTAssertTrue(uploadURL.hasPrefix(chat.hub.baseURL + "/api/v1/chat/uploads/"), uploadURL)
        XCTAssertEqual(try photos.raw("PUT", uploadURL, headers: [("Content-Type", "image/jpeg")], body: original).status, 204)
        let done = try photos.complete(try XCTUnwrap(started.json["uploadToken"] as? String))
        XCTAssertEqual(done.status, 201, done.text)
        let preview = try XCTUnwrap(done.json["image"] as? [String: Any])
        let imageToken = try XCTUnwrap(done.json["imageToken"] as? String)
        let sent = try chat.post("/chat/messages", ["body": "", "imageTokens": [imageToken]], key: "photo-key-0001")

        // Then the preview and the sent photo are 2048x1024 JPEGs with no APP1 (EXIF/XMP) segment and no GPS
        XCTAssertEqual(preview["width"] as? Int, 2048)
        XCTAssertEqual(preview["height"] as? Int, 1024)
        XCTAssertNil(preview["key"], "storage keys never reach clients")
        XCTAssertEqual(sent.status, 201, sent.text)
        let images = try XCTUnwrap(sent.json["images"] as? [[String: Any]])
        XCTAssertEqual(images.count, 1)
        XCTAssertEqual(images[0]["id"] as? String, preview["id"] as? String)
        for url in [preview["url"], images[0]["url"]].compactMap({ $0 as? String }) {
            let fetched = try photos.raw("GET", url)
            XCTAssertEqual(fetched.status, 200, fetched.text)
            XCTAssertEqual(fetched.header("Content-Type"), "image/jpeg")
            XCTAssertTrue(fetched.header("Cache-Control")?.hasPrefix("private") ?? false)
            let size = try XCTUnwrap(TestImages.jpegSize(fetched.body))
            XCTAssertEqual(size.width, 2048)
            XCTAssertEqual(size.height, 1024)
            XCTAssertFalse(TestImages.jpegSegments(fetched.body).contains { $0.marker == 0xE1 }, "APP1 (EXIF/XMP) left in")
            XCTAssertFalse(TestImages.contains(fetched.body, "GPS"))
            XCTAssertFalse(TestImages.contains(fetched.body, "xmpmeta"))
        }
        // And the sent URL points at the sent copy, not at staging
        XCTAssertTrue((images[0]["url"] as? String)?.contains("chat-images") ?? false)
        // And the thread and the team's view carry the photo with a fresh URL
        let thread = try chat.messages()
        XCTAssertEqual((thread.last?["images"] as? [[String: Any]])?.first?["width"] as? Int, 2048)
        let team = try chat.call("GET", "/conversations/\(try chat.conversationId())/messages")
        let teamImages = ((team.json["items"] as? [[String: Any]])?.last?["images"] as? [[String: Any]]) ?? []
        XCTAssertEqual(teamImages.count, 1)
        XCTAssertEqual(try photos.raw("GET", try XCTUnwrap(teamImages.first?["url"] as? String)).status, 200)
        // And a retry with the same key and tokens stores one message
        let retry = try chat.post("/chat/messages", ["body": "", "imageTokens": [imageToken]], key: "photo-key-0001")
        XCTAssertEqual(retry.status, 201)
        XCTAssertEqual(retry.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(try chat.messages().count, 1)
    }

    func testAnimatedAndUndecodableImagesAreRefusedAndNothingIsStaged() throws {
        // Given an animated WebP and a PNG declared as JPEG
        let animated = try photos.upload(try TestImages.pillow("animated_webp"), "image/webp")
        let mismatch = try photos.upload(try TestImages.pillow("png"), "image/jpeg")
        // Then both are refused with stable codes, and chatd staged nothing
        XCTAssertEqual(animated.status, 400, animated.text)
        XCTAssertEqual(animated.code, "IMAGE_ANIMATED")
        XCTAssertEqual(mismatch.status, 400, mismatch.text)
        XCTAssertEqual(mismatch.code, "IMAGE_TYPE_MISMATCH")
        XCTAssertEqual(try photos.chatStore().scalar("SELECT COUNT(*) FROM images").intValue, 0)
        // And the first step refuses other types and sizes beyond 5 MB
        let gif = try photos.start("image/gif", 100)
        XCTAssertEqual(gif.status, 400)
        XCTAssertNotNil(gif.fields["contentType"])
        let huge = try photos.start("image/jpeg", 5 * 1024 * 1024 + 1)
        XCTAssertEqual(huge.status, 400)
        XCTAssertNotNil(huge.fields["byteSize"])
        // And PNG and WebP are accepted and re-encoded as JPEG
        for (kind, type) in [("png", "image/png"), ("webp", "image/webp")] {
            let done = try photos.upload(try TestImages.pillow(kind), type)
            XCTAssertEqual(done.status, 201, done.text)
            let url = try XCTUnwrap((done.json["image"] as? [String: Any])?["url"] as? String)
            XCTAssertEqual(Array(try photos.raw("GET", url).body.prefix(2)), [0xFF, 0xD8])
        }
    }

    func testTheSignedUploadURLRefusesTamperingOtherTypesAndOtherSizes() throws {
        // Given a started upload
        let bytes = try TestImages.pillow("small_jpeg")
        let started = try photos.start("image/jpeg", bytes.count)
        let url = try XCTUnwrap(started.json["uploadUrl"] as? String)
        // When the URL is tampered with, or the body differs from what was declared
        let tampered = try photos.raw(
            "PUT", url.replacingOccurrences(of: "byteSize=\(bytes.count)", with: "byteSize=\(bytes.count + 1)"),
            headers: [("Content-Type", "image/jpeg")], body: bytes + [0])
        let otherType = try photos.raw("PUT", url, headers: [("Content-Type", "image/png")], body: bytes)
        let otherSize = try photos.raw("PUT", url, headers: [("Content-Type", "image/jpeg")], body: Array(bytes.dropLast()))
        let early = try photos.complete(try XCTUnwrap(started.json["uploadToken"] as? String))
        // Then each is refused and nothing was uploaded
        XCTAssertEqual(tampered.status, 403)
        XCTAssertEqual(tampered.code, "SIGNATURE_INVALID")
        XCTAssertEqual(otherType.status, 400)
        XCTAssertEqual(otherType.code, "CONTENT_TYPE_MISMATCH")
        XCTAssertEqual(otherSize.status, 400)
        XCTAssertEqual(otherSize.code, "SIZE_MISMATCH")
        XCTAssertEqual(early.status, 409)
        XCTAssertEqual(early.code, "UPLOAD_INCOMPLETE")
        // And a read URL whose signature or expiry is wrong is refused
        let done = try photos.upload(bytes, "image/jpeg")
        let readURL = try XCTUnwrap((done.json["image"] as? [String: Any])?["url"] as? String)
        XCTAssertEqual(try photos.raw("GET", readURL.replacingOccurrences(of: "sig=", with: "sig=A")).status, 403)
        let key = try XCTUnwrap(URLComponents(string: readURL)?.queryItems?.first { $0.name == "key" }?.value)
        let past = Int64(Date().timeIntervalSince1970) - 1
        let secret = try chat.hub.app!.store.signingKey(named: ChatImageSigner.keyName)
        let signature = Base64URL.encode(HMACSHA256.mac(key: secret, message: "get|\(key)|\(past)"))
        let expired = try photos.raw("GET", chat.hub.baseURL + ChatImageSigner.mediaPath + "?key=\(key)&expires=\(past)&sig=\(signature)")
        XCTAssertEqual(expired.status, 403)
        XCTAssertEqual(expired.code, "URL_EXPIRED")
        // And raw uploads are never served, even with a valid signature
        let rawKey = key.replacingOccurrences(of: ".jpg", with: ".upload")
        let future = past + 600
        let rawSignature = Base64URL.encode(HMACSHA256.mac(key: secret, message: "get|\(rawKey)|\(future)"))
        XCTAssertEqual(
            try photos.raw(
                "GET",
                chat.hub.baseURL + ChatImageSigner.mediaPath
                    + "?key=\(rawKey)&expires=\(future)&sig=\(rawSignature)"
            ).status, 403)
    }

    func testImageTokensAreBoundToTheSenderUsedOnceAndExpire() throws {
        // Given an image uploaded by one participant
        let token = try photos.smallImageToken()
        let started = try photos.start("image/jpeg", 10)
        let uploadToken = try XCTUnwrap(started.json["uploadToken"] as? String)
        // When another participant completes the upload or sends the image token
        let otherCompletes = try photos.complete(uploadToken, token: "voter-token-0000000002")
        let otherSends = try chat.post("/chat/messages", ["body": "mine?", "imageTokens": [token]], token: "voter-token-0000000002")
        // Then both are refused
        XCTAssertEqual(otherCompletes.status, 400)
        XCTAssertEqual(otherCompletes.code, "INVALID_UPLOAD_TOKEN")
        XCTAssertEqual(otherSends.status, 400, otherSends.text)
        XCTAssertEqual(otherSends.code, "INVALID_IMAGE_TOKEN")
        // And the owner sends it once; a second message with the same token is refused
        XCTAssertEqual(try chat.post("/chat/messages", ["body": "here", "imageTokens": [token]]).status, 201)
        let again = try chat.post("/chat/messages", ["body": "again", "imageTokens": [token]])
        XCTAssertEqual(again.status, 400)
        XCTAssertEqual(again.code, "INVALID_IMAGE_TOKEN")
        // And at most three photos go with a message, and whitespace-only text is not "empty"
        let four = try (0..<4).map { _ in try photos.smallImageToken() }
        let tooMany = try chat.post("/chat/messages", ["body": "", "imageTokens": four])
        XCTAssertEqual(tooMany.status, 400)
        XCTAssertNotNil(tooMany.fields["imageTokens"])
        XCTAssertEqual(try chat.post("/chat/messages", ["body": "  ", "imageTokens": [four[0]]]).status, 400)
        let three = try chat.post("/chat/messages", ["body": "", "imageTokens": Array(four.prefix(3))])
        XCTAssertEqual((three.json["images"] as? [[String: Any]])?.count, 3, three.text)
        // And a token past its 24 hours is refused
        try photos.chatStore().run("UPDATE images SET expires_at = '2000-01-01T00:00:00.000Z' WHERE message_seq IS NULL")
        let expired = try chat.post("/chat/messages", ["body": "late", "imageTokens": [four[3]]])
        XCTAssertEqual(expired.status, 400)
        XCTAssertEqual(expired.fields["imageTokens[0]"], ["has expired"])
    }

    func testTeamPhotosAreBoundToTheConversationAndNeverOnNotes() throws {
        // Given two conversations (two participants)
        try chat.send("first", token: PublicAPI.voterToken)
        try chat.send("second", token: "voter-token-0000000002")
        let ids = try chat.conversations().compactMap { $0["id"] as? String }
        XCTAssertEqual(ids.count, 2)
        // When the team uploads a photo for the first and replies there with it
        let teamToken = try photos.smallImageToken(team: ids[1])
        let note = try chat.call(
            "POST", "/conversations/\(ids[1])/messages", json: ["body": "note", "internal": true, "imageTokens": [teamToken]])
        let elsewhere = try chat.call(
            "POST", "/conversations/\(ids[0])/messages", json: ["body": "wrong place", "imageTokens": [teamToken]])
        let byUser = try chat.post("/chat/messages", ["body": "steal", "imageTokens": [teamToken]])
        let reply = try chat.call("POST", "/conversations/\(ids[1])/messages", json: ["body": "", "imageTokens": [teamToken]])
        // Then notes refuse photos, another conversation and the participant cannot use the token
        XCTAssertEqual(note.status, 400, note.text)
        XCTAssertEqual(elsewhere.status, 400, elsewhere.text)
        XCTAssertEqual(elsewhere.code, "INVALID_IMAGE_TOKEN")
        XCTAssertEqual(byUser.status, 400)
        // And the reply carries the photo, which its participant sees
        XCTAssertEqual(reply.status, 201, reply.text)
        XCTAssertEqual((reply.json["images"] as? [[String: Any]])?.count, 1)
        let thread = try chat.messages(token: PublicAPI.voterToken)
        XCTAssertEqual((thread.last?["images"] as? [[String: Any]])?.count, 1)
        // And an unknown conversation gets no upload URL
        XCTAssertEqual(try photos.start("image/jpeg", 10, team: "no-such-conversation").status, 404)
    }

    func testCleanupRemovesStagingAfterTwoDaysButKeepsSentPhotos() throws {
        // Given a sent photo and an abandoned upload, both staged three days ago
        let sentToken = try photos.smallImageToken()
        let sent = try chat.post("/chat/messages", ["body": "", "imageTokens": [sentToken]])
        XCTAssertEqual(sent.status, 201)
        _ = try photos.smallImageToken()
        let root = chat.hub.config.objectStoreDirectory
        let staging = root + "/" + ChatImageLimits.stagingPrefix
        let staged = try FileManager.default.contentsOfDirectory(atPath: staging)
        XCTAssertEqual(staged.count, 4, "\(staged)")
        for name in staged {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3 * 86_400)], ofItemAtPath: staging + name)
        }
        // When the cleanup job runs
        let run = try chat.call("POST", "/jobs/cleanup/run")
        // Then staging is empty and the sent photo is still served
        XCTAssertEqual(run.status, 200, run.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: staging).count, 0)
        let url = try XCTUnwrap(((try chat.messages().last?["images"]) as? [[String: Any]])?.first?["url"] as? String)
        XCTAssertEqual(try photos.raw("GET", url).status, 200)
    }
}
