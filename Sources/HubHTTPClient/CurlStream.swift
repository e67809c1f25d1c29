import CCurl

/// One request sent as a stream of `HTTPMultiplexClient`'s shared connection. Lighter than
/// `CurlTransfer` because a provider pushing thousands of small POSTs a second pays for every
/// per-request step: the request comes checked and built (`HTTPStreamRequest`, possibly on
/// another thread), the handle is reused without a reset when the previous request had the
/// same shape (only the URL, body, headers, timeout and callback context are set again),
/// headers common to the batch come from a shared `CurlHeaderList`, and response headers are
/// not collected (the status and body are). Failures are still classified by
/// `CurlTransfer.error(for:easy:)`. The stream must stay alive while its handle runs: the
/// write callback reaches it through an unretained pointer.
final class CurlStream {
    let prepared: HTTPStreamRequest
    var request: HTTPClientRequest { prepared.request }
    private let limit: Int
    private(set) var body: [UInt8] = []
    private var exceededLimit = false
    /// Whether the stream holds `prepared`'s header list (`HTTPStreamRequest.claimHeaders`).
    private var claimed = false
    /// Headers of its own when another stream of the same request holds the prepared list.
    private var ownHeaders: CurlOwnHeaderList?
    private let shared: CurlHeaderList?

    init(request: HTTPStreamRequest, limit: Int, shared: CurlHeaderList? = nil) {
        prepared = request
        self.limit = limit
        self.shared = shared
    }

    deinit {
        if claimed { prepared.releaseHeaders() }
    }

    /// Sets this request's options: all of them on a reset handle, only the per-request ones
    /// on a handle last used for a request of the same shape.
    func configure(_ easy: CurlEasy, options: HTTPClientOptions, cork: CurlSocketCork) throws {
        if let failure = prepared.failure { throw failure }
        // libcurl formats its User-Agent for every request, even one whose headers replace it.
        let shape = CurlRequestShape(
            method: prepared.method, hasBody: prepared.body != nil, https: prepared.https,
            userAgent: !(shared?.replacesUserAgent ?? false))
        if easy.shape != shape {
            if easy.shape != nil { easy.reset() }
            try configureShape(easy, shape: shape, options: options)
            try cork.install(on: easy)
            easy.shape = shape
        }
        easy.clearErrorMessage()
        // Copied by libcurl when the transfer starts; like the body and header list, it is read
        // only while the stream runs, and the next stream sets its own.
        try easy.set(CURLOPT_CURLU, pointer: UnsafeMutableRawPointer(prepared.url))
        try easy.set(CURLOPT_TIMEOUT_MS, prepared.timeoutMilliseconds ?? HTTPStreamRequest.milliseconds(options.totalTimeout))
        if let body = prepared.body {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(prepared.bodyCount))
            // Read in place: the stream keeps the prepared request, and with it the body, alive.
            try easy.set(CURLOPT_POSTFIELDS, pointer: body)
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
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, HTTPStreamRequest.milliseconds(options.connectTimeout))
        if shape.userAgent { try easy.set(CURLOPT_USERAGENT, options.userAgent) }
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
        try easy.set(
            CURLOPT_WRITEFUNCTION,
            callback: { data, size, count, context in
                guard let data, let context else { return 0 }
                let stream = Unmanaged<CurlStream>.fromOpaque(context).takeUnretainedValue()
                return stream.receive(UnsafeRawBufferPointer(start: data, count: size * count))
            })
    }

    /// The response (without headers), or the error libcurl's result stands for.
    func finish(_ code: CURLcode, easy: CurlEasy, options: HTTPClientOptions) -> Result<HTTPClientResponse, HTTPClientError> {
        if code == CURLE_OK {
            let version = easy.info(long: CURLINFO_HTTP_VERSION)
            return .success(
                HTTPClientResponse(
                    status: easy.info(long: CURLINFO_RESPONSE_CODE), headers: [], body: body,
                    httpVersion: version == CURL_HTTP_VERSION_2_0 ? .http2 : .http11))
        }
        if code == CURLE_WRITE_ERROR && exceededLimit { return .failure(.responseTooLarge(limit: limit)) }
        guard let transfer = try? CurlTransfer(request: request, options: options) else {
            return .failure(.transport(code: Int(code.rawValue), message: easy.message(for: code)))
        }
        return .failure(transfer.error(for: code, easy: easy))
    }

    /// Own headers first, then the shared ones; a blank `Expect:` (the shared list ends with
    /// one, else `CurlHeaderList.blankExpect`) keeps libcurl from adding one.
    private func setHeaders(_ easy: CurlEasy) throws {
        let tail = shared?.head ?? (prepared.hasExpect ? nil : CurlHeaderList.blankExpect.head)
        if let list = prepared.claimHeaders(linking: tail) {
            claimed = true
            return try easy.set(CURLOPT_HTTPHEADER, list: list)
        }
        // No headers of its own, or another stream of the same request holds the prepared list
        // (then this stream builds one).
        ownHeaders = try CurlOwnHeaderList(request.headers)
        try easy.set(CURLOPT_HTTPHEADER, list: ownHeaders?.link(to: tail) ?? tail)
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
}
