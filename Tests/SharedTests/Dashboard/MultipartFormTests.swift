import HubHTTPServer
import XCTest

@testable import Dashboard

/// `multipart/form-data` as browsers send it (RFC 7578): fields, files, empty file inputs,
/// and bodies that are not well formed.
final class MultipartFormTests: XCTestCase {
    private func request(_ body: [UInt8], boundary: String = "----b0und4ry") -> HTTPRequest {
        var headers = HTTPHeaders()
        headers.append(name: "Content-Type", value: "multipart/form-data; boundary=" + boundary)
        return HTTPRequest(method: "POST", path: "/x", headers: headers, body: body)
    }

    private func body(_ parts: [(String, String?, String?, [UInt8])], boundary: String = "----b0und4ry") -> [UInt8] {
        var out: [UInt8] = Array("preamble\r\n".utf8)
        for (name, filename, type, bytes) in parts {
            var head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\""
            if let filename { head += "; filename=\"" + filename + "\"" }
            head += "\r\n"
            if let type { head += "Content-Type: " + type + "\r\n" }
            out += Array((head + "\r\n").utf8) + bytes + [13, 10]
        }
        return out + Array(("--" + boundary + "--\r\n").utf8)
    }

    func testFieldsAndFilesAreRead() throws {
        // Given a reply with its token, text spanning lines and two photos, one input empty
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 13, 10, 0x1A, 10, 0, 45, 45]
        let form = try XCTUnwrap(
            MultipartForm(
                request(
                    body([
                        ("_form", nil, nil, Array("tok".utf8)), ("body", nil, nil, Array("Hello\r\n--not a boundary\r\nbye".utf8)),
                        ("photo", "a.png", "image/png", png), ("photo", "", "application/octet-stream", []),
                    ]))))
        // Then each part is what was sent
        XCTAssertEqual(form.text("_form"), "tok")
        XCTAssertEqual(form.text("body"), "Hello\r\n--not a boundary\r\nbye")
        XCTAssertEqual(form.files("photo").count, 1)
        XCTAssertEqual(form.files("photo").first?.bytes, png)
        XCTAssertEqual(form.files("photo").first?.contentType, "image/png")
        XCTAssertNil(form.text("missing"))
    }

    func testAQuotedBoundaryIsAccepted() throws {
        var headers = HTTPHeaders()
        headers.append(name: "Content-Type", value: "multipart/form-data; boundary=\"xyz\"")
        let form = MultipartForm(
            HTTPRequest(method: "POST", path: "/x", headers: headers, body: body([("a", nil, nil, [49])], boundary: "xyz")))
        XCTAssertEqual(form?.text("a"), "1")
    }

    func testMalformedBodiesAreRefused() {
        // A part without the CRLF after its delimiter, a missing end, no name, too many parts
        XCTAssertNil(MultipartForm(request(Array("--x\r\nContent-Disposition: form-data\r\n\r\nv\r\n--x--".utf8), boundary: "x")))
        XCTAssertNil(MultipartForm(request(Array("--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8), boundary: "x")))
        XCTAssertNil(MultipartForm(request(body((0...32).map { ("f\($0)", nil, nil, [49]) }))))
        XCTAssertNotNil(MultipartForm(request(body((0..<32).map { ("f\($0)", nil, nil, [49]) }))))
        XCTAssertNil(MultipartForm(request(Array("a=b".utf8), boundary: String(repeating: "b", count: 71))))
    }

    func testAHostileBodyIsReadInTimeLinearInItsSize() {
        // Given bodies of near-delimiters, 1 MB and 4 MB
        func hostile(_ size: Int) -> [UInt8] { Array(String(repeating: "--b0und4r", count: size / 9).utf8) }
        func time(_ bytes: [UInt8]) -> TimeInterval {
            let started = Date()
            _ = MultipartForm(request(bytes))
            return Date().timeIntervalSince(started)
        }
        let small = time(hostile(1_000_000))
        let large = time(hostile(4_000_000))
        // Then four times the bytes take at most about four times as long
        XCTAssertLessThan(large, max(small * 8, 0.05), "\(small) s, then \(large) s")
    }
}
