import XCTest

@testable import HubHTTPServer

final class HTTPRequestTests: XCTestCase {
    private struct Vote: Decodable {
        let voted: Bool
        let weight: Int?
    }

    private func request(contentType: String?, body: String) -> HTTPRequest {
        var headers = HTTPHeaders()
        if let contentType { headers.append(name: "Content-Type", value: contentType) }
        return HTTPRequest(method: "PUT", path: "/vote", headers: headers, body: Array(body.utf8))
    }

    func testHeadersAreCaseInsensitive() {
        // Given
        let request = request(contentType: "application/json", body: "")
        // When / Then
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(request.headers["CONTENT-TYPE"], "application/json")
        XCTAssertNil(request.headers["content-length"])
        // And names that differ only in length or past ASCII letters are different names
        let headers = HTTPHeaders([("X-AppNorth-Email", "a@example.com"), ("Origin", "https://a.example"), ("x-é", "1")])
        XCTAssertEqual(headers["x-appnorth-email"], "a@example.com")
        XCTAssertNil(headers["x-appnorth-emai"])
        XCTAssertNil(headers["x-appnorth-emails"])
        XCTAssertNil(headers["origim"])
        XCTAssertEqual(headers["x-é"], "1")
        XCTAssertNil(headers["X-É"])
    }

    func testNamesCompareIgnoringTheCaseOfASCIILettersOnlyForEveryPairOfASCIIBytes() {
        // Every pair of ASCII bytes, alone and inside a name: equal exactly when they are equal
        // once A-Z are lowered ('@' and '`', '[' and '{', stay apart)
        for x in UInt8(0)...127 {
            for y in UInt8(0)...127 {
                let (a, b) = (String(UnicodeScalar(x)), String(UnicodeScalar(y)))
                let expected = a.lowercased() == b.lowercased()
                XCTAssertEqual(HTTPHeaders.equalsIgnoringASCIICase(a, b), expected, "\(x) \(y)")
                XCTAssertEqual(HTTPHeaders.equalsIgnoringASCIICase("X-" + a + "-id", "x-" + b + "-ID"), expected, "\(x) \(y)")
                if expected { XCTAssertEqual(HTTPHeaders.key(of: "n" + a), HTTPHeaders.key(of: "N" + b)) }
            }
        }
    }

    func testNamesAlikeInLengthAndEndsAreStillToldApart() {
        // Given names of one length with the same first and last letters, in mixed case,
        // appended after the headers were made, and a name given twice
        var headers = HTTPHeaders([("X-Ab-C", "ab"), ("", "empty")])
        headers.append(name: "x-zz-c", value: "zz")
        headers.append(name: "X-AB-c", value: "ab again")
        headers.append(name: "X-AZ-C", value: "az")

        // When / Then each is found by its own name, in any case, and only by it
        XCTAssertEqual(headers["x-ab-c"], "ab")
        XCTAssertEqual(headers["X-ZZ-C"], "zz")
        XCTAssertEqual(headers["x-az-c"], "az")
        XCTAssertNil(headers["x-aa-c"])
        XCTAssertEqual(headers.values("X-aB-C"), ["ab", "ab again"])
        XCTAssertEqual(headers.values("x-zz-c"), ["zz"])
        XCTAssertEqual(headers.values("x-yy-c"), [])
        XCTAssertEqual(headers[""], "empty")
        XCTAssertEqual(headers.count, 5)
    }

    func testQueryIsParsedFromRawQuery() {
        // Given / When
        let request = HTTPRequest(method: "GET", path: "/x", rawQuery: "a=1&b=x%2By+z&a=2&empty=&c%20d=e")
        // Then
        XCTAssertEqual(request.query, ["a": "1", "b": "x+y z", "empty": "", "c d": "e"])
        XCTAssertEqual(request.queryValues("a"), ["1", "2"])
        XCTAssertEqual(request.queryItems.count, 5)
    }

    func testDecodeJSONAcceptsCharsetParameter() throws {
        // Given
        let request = request(contentType: "Application/JSON; charset=utf-8", body: #"{"voted":true}"#)
        // When
        let vote = try request.decodeJSON(Vote.self)
        // Then
        XCTAssertTrue(vote.voted)
    }

    func testDecodeJSONRejectsOtherMediaTypes() {
        // Given
        for contentType in ["text/plain", "application/jsonx", nil] {
            let request = request(contentType: contentType, body: #"{"voted":true}"#)
            // When / Then
            XCTAssertThrowsError(try request.decodeJSON(Vote.self)) { error in
                XCTAssertEqual((error as? APIError)?.status, 415)
                XCTAssertEqual((error as? APIError)?.code, "UNSUPPORTED_MEDIA_TYPE")
            }
        }
    }

    func testDecodeJSONNamesTheFieldWithTheWrongType() {
        // Given
        let request = request(contentType: "application/json", body: #"{"voted":true,"weight":"heavy"}"#)
        // When / Then
        XCTAssertThrowsError(try request.decodeJSON(Vote.self)) { error in
            let apiError = error as? APIError
            XCTAssertEqual(apiError?.status, 400)
            XCTAssertEqual(apiError?.code, "INVALID_JSON")
            XCTAssertEqual(apiError?.fields?.keys.sorted(), ["weight"])
            XCTAssertTrue(apiError?.message.contains("weight") ?? false)
        }
    }

    func testErrorRenderingOmitsFieldsWhenNilAndSortsThemOtherwise() {
        // Given
        let plain = APIError.unavailable(retryAfter: 3)
        let detailed = APIError.validation(fields: ["title": ["too short"], "body": ["required", "too \"long\""]])
        // When
        let plainResponse = plain.response(correlationId: "cid-12345678")
        let detailedResponse = detailed.response(correlationId: "cid-12345678")
        // Then
        XCTAssertEqual(
            String(decoding: plainResponse.body, as: UTF8.self),
            #"{"error":{"code":"SERVICE_UNAVAILABLE","message":"The service is temporarily unavailable."},"correlationId":"cid-12345678"}"#)
        XCTAssertEqual(plainResponse.status, 503)
        XCTAssertEqual(plainResponse.header("retry-after"), "3")
        XCTAssertEqual(plainResponse.header("Content-Type"), "application/json")
        XCTAssertEqual(
            String(decoding: detailedResponse.body, as: UTF8.self),
            #"{"error":{"code":"VALIDATION_FAILED","message":"The request is invalid.","fields":{"body":["required","too \"long\""],"title":["too short"]}},"correlationId":"cid-12345678"}"#
        )
    }

    func testJSONResponseDoesNotEscapeSlashes() {
        // Given / When
        let response = HTTPResponse.json(["url": "https://example.com/a"], status: 201)
        // Then
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"url":"https://example.com/a"}"#)
    }
}
