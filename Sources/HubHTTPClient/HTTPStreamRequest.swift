import CCurl
import HubRuntime
import Synchronization

/// A request made ready for a stream of `HTTPMultiplexClient` ahead of time, on any thread:
/// its URL checked and parsed into libcurl's URL handle (`CURLOPT_CURLU`, which libcurl then
/// copies instead of parsing the text again), its own headers checked and built into
/// libcurl's list, its body held where libcurl reads it without a copy, its timeout in
/// milliseconds. A sender that prepares each request as it reads its queue leaves its sending
/// thread only the libcurl calls, which is what limits a multiplexed connection's rate.
///
/// A request that cannot be sent (`failure`) fails on its own when its batch goes out.
/// It may be sent again, and be in several batches; while one stream has its header list,
/// another stream of the same request builds a list of its own.
public final class HTTPStreamRequest: @unchecked Sendable {
    public let request: HTTPClientRequest
    /// Why the request cannot be sent: an invalid URL or header. Nil when it can.
    let failure: HTTPClientError?
    /// The method, upper case; whether the URL is https.
    let method: String
    let https: Bool
    /// The URL as libcurl parses it; nil with a `failure`.
    let url: OpaquePointer?
    /// `request.timeout` in milliseconds; nil for the client's total timeout.
    let timeoutMilliseconds: Int?
    /// The request's own headers, for one stream at a time (`claimHeaders`); nil without any.
    private let headers: CurlOwnHeaderList?
    /// Whether the request's own headers hold an `Expect` header.
    var hasExpect: Bool { headers?.hasExpect ?? false }
    /// The body, allocated once and read by libcurl in place (`CURLOPT_POSTFIELDS`); nil
    /// without one.
    let body: UnsafeMutableRawPointer?
    let bodyCount: Int
    /// Whether a stream holds `headers`.
    private let claimed = Atomic<Bool>(false)

    public init(_ request: HTTPClientRequest) {
        self.request = request
        method = request.method == "POST" ? request.method : request.method.uppercased()
        timeoutMilliseconds = request.timeout.map(HTTPStreamRequest.milliseconds)
        if let bytes = request.body {
            let storage = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
            bytes.withUnsafeBytes { if let source = $0.baseAddress { storage.copyMemory(from: source, byteCount: $0.count) } }
            body = storage
            bodyCount = bytes.count
        } else {
            body = nil
            bodyCount = 0
        }
        var failure: HTTPClientError?
        var text = request.url
        let scheme = text.withUTF8 { HTTPStreamRequest.scheme(of: $0) }
        https = scheme ?? false
        // Parsed as libcurl parses CURLOPT_URL.
        var parsed: OpaquePointer?
        if scheme != nil, let handle = curl_url() {
            if curl_url_set(handle, CURLUPART_URL, request.url, UInt32(CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK {
                parsed = handle
            } else {
                curl_url_cleanup(handle)
            }
        }
        url = parsed
        if parsed == nil { failure = .invalidURL(Redactor.redactQuery(request.url)) }
        var headers: CurlOwnHeaderList?
        if failure == nil {
            do {
                headers = try CurlOwnHeaderList(request.headers)
            } catch let error as HTTPClientError {
                failure = error
            } catch {
                failure = .transport(code: -1, message: "\(error)")
            }
        }
        self.headers = headers
        self.failure = failure
    }

    deinit {
        curl_url_cleanup(url)
        body?.deallocate()
    }

    /// The request's own header list with `tail` (a batch's shared list, or nil) after it, for
    /// one stream until `releaseHeaders()`; nil when another stream holds it or there are none.
    func claimHeaders(linking tail: UnsafeMutablePointer<curl_slist>?) -> UnsafeMutablePointer<curl_slist>? {
        guard let headers, claimed.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        else { return nil }
        return headers.link(to: tail)
    }

    /// Unlinks the shared list and lets another stream claim the headers.
    func releaseHeaders() {
        headers?.unlink()
        claimed.store(false, ordering: .releasing)
    }

    /// Whether an absolute URL is https (true) or http (false); nil for another scheme or a
    /// URL holding a space or control byte. One pass over the contiguous bytes.
    static func scheme(of url: UnsafeBufferPointer<UInt8>) -> Bool? {
        let https = url.starts(with: "https://".utf8)
        guard https || url.starts(with: "http://".utf8) else { return nil }
        for byte in url where byte <= 0x20 || byte == 0x7F { return nil }
        return https
    }

    static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }
}
