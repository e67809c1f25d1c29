import CCurl

/// One request sent as a stream of `HTTPMultiplexClient`'s shared connection. Lighter than
/// `CurlTransfer` because a provider pushing thousands of small POSTs a second pays for every
/// per-request step: headers are checked byte-wise, the options a reset handle keeps at their
/// defaults are not set again, and response headers are not collected (the status and body
/// are). Failures are still classified by `CurlTransfer.error(for:easy:)`. The stream must
/// stay alive while its handle runs: the write callback reaches it through an unretained pointer.
final class CurlStream {
    let request: HTTPClientRequest
    private let limit: Int
    private(set) var body: [UInt8] = []
    private var exceededLimit = false
    private var headerList: UnsafeMutablePointer<curl_slist>?

    init(request: HTTPClientRequest, limit: Int) {
        self.request = request
        self.limit = limit
    }

    deinit {
        curl_slist_free_all(headerList)
    }

    /// Sets this request's options on a freshly reset handle.
    func configure(_ easy: CurlEasy, options: HTTPClientOptions) throws {
        let url = request.url.utf8
        let https = url.starts(with: "https://".utf8)
        guard https || url.starts(with: "http://".utf8), !url.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw HTTPClientError.invalidURL(Redactor.redactQuery(request.url))
        }
        try easy.prepareErrorBuffer()
        try easy.set(CURLOPT_URL, request.url)
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_HTTP_VERSION, https ? CURL_HTTP_VERSION_2TLS : CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE)
        // Wait for the kept connection's multiplexing instead of opening another.
        try easy.set(CURLOPT_PIPEWAIT, 1)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, CurlStream.milliseconds(options.connectTimeout))
        try easy.set(CURLOPT_TIMEOUT_MS, CurlStream.milliseconds(request.timeout ?? options.totalTimeout))
        try easy.set(CURLOPT_USERAGENT, options.userAgent)
        if let caFile = options.extraCAFile {
            try easy.set(CURLOPT_CAINFO, caFile)
            try easy.set(CURLOPT_CAPATH, options.systemCAPath)
        }
        let method = request.method.uppercased()
        if let body = request.body {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            try body.withUnsafeBytes { bytes in
                try easy.set(CURLOPT_COPYPOSTFIELDS, pointer: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!))
            }
            if method != "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, method) }
        } else if method == "POST" {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
            try easy.set(CURLOPT_POST, 1)
        } else if method != "GET" {
            try easy.set(CURLOPT_CUSTOMREQUEST, method)
        }
        try setHeaders(easy)
        try easy.set(CURLOPT_WRITEFUNCTION, callback: { data, size, count, context in
            guard let data, let context else { return 0 }
            let stream = Unmanaged<CurlStream>.fromOpaque(context).takeUnretainedValue()
            return stream.receive(UnsafeRawBufferPointer(start: data, count: size * count))
        })
        try easy.set(CURLOPT_WRITEDATA, pointer: Unmanaged.passUnretained(self).toOpaque())
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

    private func setHeaders(_ easy: CurlEasy) throws {
        var sawExpect = false
        for (name, value) in request.headers {
            guard !name.isEmpty, !name.utf8.contains(where: { $0 == 0x3A || $0 == 0x0D || $0 == 0x0A }),
                  !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else {
                throw HTTPClientError.transport(code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue), message: "invalid request header \(name)")
            }
            if name.utf8.count == 6 && name.lowercased() == "expect" { sawExpect = true }
            // "Name;" is libcurl's spelling of a header with an empty value.
            try append(value.isEmpty ? name + ";" : name + ": " + value)
        }
        if !sawExpect { try append("Expect:") }
        try easy.set(CURLOPT_HTTPHEADER, list: headerList)
    }

    private func append(_ line: String) throws {
        guard let appended = curl_slist_append(headerList, line) else {
            throw HTTPClientError.transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_slist_append failed")
        }
        headerList = appended
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

    private static func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }
}
