import CCurl

/// One request sent as a stream of `HTTPMultiplexClient`'s shared connection. Lighter than
/// `CurlTransfer` because a provider pushing thousands of small POSTs a second pays for every
/// per-request step: the handle is reused without a reset when the previous request had the
/// same shape (only the URL, body, headers, timeout and callback context are set again),
/// headers common to the batch come from a shared `CurlHeaderList`, headers are checked
/// byte-wise, and response headers are not collected (the status and body are). Failures are
/// still classified by `CurlTransfer.error(for:easy:)`. The stream must stay alive while its
/// handle runs: the write callback reaches it through an unretained pointer.
final class CurlStream {
    let request: HTTPClientRequest
    private let limit: Int
    private(set) var body: [UInt8] = []
    private var exceededLimit = false
    /// This request's own headers; its last node is linked to `shared` while the stream lives.
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var ownTail: UnsafeMutablePointer<curl_slist>?
    private let shared: CurlHeaderList?

    init(request: HTTPClientRequest, limit: Int, shared: CurlHeaderList? = nil) {
        self.request = request
        self.limit = limit
        self.shared = shared
    }

    deinit {
        // The shared tail belongs to `shared`: unlink it before freeing our own nodes.
        ownTail?.pointee.next = nil
        curl_slist_free_all(headerList)
    }

    /// Sets this request's options: all of them on a reset handle, only the per-request ones
    /// on a handle last used for a request of the same shape.
    func configure(_ easy: CurlEasy, options: HTTPClientOptions, cork: CurlSocketCork) throws {
        var url = request.url
        let scheme = url.withUTF8 { CurlStream.scheme(of: $0) }
        guard let https = scheme else { throw HTTPClientError.invalidURL(Redactor.redactQuery(request.url)) }
        let method = request.method == "POST" ? request.method : request.method.uppercased()
        let shape = CurlRequestShape(method: method, hasBody: request.body != nil, https: https)
        if easy.shape != shape {
            if easy.shape != nil { easy.reset() }
            try configureShape(easy, shape: shape, options: options)
            try cork.install(on: easy)
            easy.shape = shape
        }
        easy.clearErrorMessage()
        try easy.set(CURLOPT_URL, request.url)
        try easy.set(CURLOPT_TIMEOUT_MS, CurlStream.milliseconds(request.timeout ?? options.totalTimeout))
        if let body = request.body {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            try body.withUnsafeBytes { bytes in
                try easy.set(CURLOPT_COPYPOSTFIELDS, pointer: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!))
            }
        }
        try setHeaders(easy)
        try easy.set(CURLOPT_WRITEDATA, pointer: Unmanaged.passUnretained(self).toOpaque())
    }

    /// The options every request of one shape shares, set once per handle.
    private func configureShape(_ easy: CurlEasy, shape: CurlRequestShape, options: HTTPClientOptions) throws {
        try easy.prepareErrorBuffer()
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_HTTP_VERSION, shape.https ? CURL_HTTP_VERSION_2TLS : CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE)
        // Wait for the kept connection's multiplexing instead of opening another.
        try easy.set(CURLOPT_PIPEWAIT, 1)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, CurlStream.milliseconds(options.connectTimeout))
        try easy.set(CURLOPT_USERAGENT, options.userAgent)
        if let caFile = options.extraCAFile {
            try easy.set(CURLOPT_CAINFO, caFile)
            try easy.set(CURLOPT_CAPATH, options.systemCAPath)
        }
        if shape.hasBody {
            if shape.method != "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, shape.method) }
        } else if shape.method == "POST" {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
            try easy.set(CURLOPT_POST, 1)
        } else if shape.method != "GET" {
            try easy.set(CURLOPT_CUSTOMREQUEST, shape.method)
        }
        try easy.set(CURLOPT_WRITEFUNCTION, callback: { data, size, count, context in
            guard let data, let context else { return 0 }
            let stream = Unmanaged<CurlStream>.fromOpaque(context).takeUnretainedValue()
            return stream.receive(UnsafeRawBufferPointer(start: data, count: size * count))
        })
    }

    /// The response (without headers), or the error libcurl's result stands for.
    func finish(_ code: CURLcode, easy: CurlEasy, options: HTTPClientOptions) -> Result<HTTPClientResponse, HTTPClientError> {
        if code == CURLE_OK {
            let version = easy.info(long: CURLINFO_HTTP_VERSION)
            return .success(HTTPClientResponse(status: easy.info(long: CURLINFO_RESPONSE_CODE), headers: [], body: body,
                                               httpVersion: version == CURL_HTTP_VERSION_2_0 ? .http2 : .http1_1))
        }
        if code == CURLE_WRITE_ERROR && exceededLimit { return .failure(.responseTooLarge(limit: limit)) }
        guard let transfer = try? CurlTransfer(request: request, options: options) else {
            return .failure(.transport(code: Int(code.rawValue), message: easy.message(for: code)))
        }
        return .failure(transfer.error(for: code, easy: easy))
    }

    /// Own headers first, then the shared ones; a blank `Expect:` (the shared list ends with
    /// one) keeps libcurl from adding one.
    private func setHeaders(_ easy: CurlEasy) throws {
        var sawExpect = shared != nil
        for (name, value) in request.headers {
            if try CurlHeaderList.append(name, value, to: &headerList) { sawExpect = true }
        }
        if !sawExpect { try CurlHeaderList.appendLine("Expect:", to: &headerList) }
        if let sharedHead = shared?.head {
            if var node = headerList {
                while let next = node.pointee.next { node = next }
                node.pointee.next = sharedHead
                ownTail = node
            } else {
                try easy.set(CURLOPT_HTTPHEADER, list: sharedHead)
                return
            }
        }
        try easy.set(CURLOPT_HTTPHEADER, list: headerList)
    }

    /// Returning less than `bytes.count` makes libcurl abort with CURLE_WRITE_ERROR.
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= limit else {
            exceededLimit = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Whether an absolute URL is https (true) or http (false); nil for another scheme or a
    /// URL holding a space or control byte. One pass over the contiguous bytes: it runs for
    /// every stream.
    static func scheme(of url: UnsafeBufferPointer<UInt8>) -> Bool? {
        let https = url.starts(with: "https://".utf8)
        guard https || url.starts(with: "http://".utf8) else { return nil }
        for byte in url where byte <= 0x20 || byte == 0x7F { return nil }
        return https
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }
}
