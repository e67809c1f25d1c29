import CCurl
import HubRuntime

/// The state of one request on an easy handle: the options it sets, the headers and body it
/// collects, and how libcurl's result becomes a response or an `HTTPClientError`. Kept apart
/// from `HTTPClient` so a `curl_multi` driver can configure its own handles the same way.
/// The transfer must stay alive (`withExtendedLifetime`) while its handle runs: the callbacks
/// reach it through an unretained pointer.
final class CurlTransfer {
    let request: HTTPClientRequest
    let options: HTTPClientOptions
    private(set) var headers: [(String, String)] = []
    private(set) var body: [UInt8] = []
    private(set) var exceededLimit = false
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let isHTTPS: Bool

    init(request: HTTPClientRequest, options: HTTPClientOptions) throws {
        let lowered = request.url.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
            !request.url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true })
        else {
            throw HTTPClientError.invalidURL(Redactor.redactQuery(request.url))
        }
        self.request = request
        self.options = options
        isHTTPS = lowered.hasPrefix("https://")
    }

    deinit {
        curl_slist_free_all(headerList)
    }

    var limit: Int { options.maxResponseBytes }

    /// Sets every option of this request on a freshly reset handle.
    func configure(_ easy: CurlEasy) throws {
        try easy.prepareErrorBuffer()
        try easy.set(CURLOPT_URL, request.url)
        try easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        // Signals are process-wide and our daemons own SIGPIPE/SIGTERM handling.
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_TCP_KEEPALIVE, 1)
        try easy.set(CURLOPT_HTTP_VERSION, httpVersionOption)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(options.connectTimeout))
        try easy.set(CURLOPT_TIMEOUT_MS, milliseconds(request.timeout ?? options.totalTimeout))
        try easy.set(CURLOPT_USERAGENT, options.userAgent)
        if let caFile = options.extraCAFile {
            // CAINFO alone would replace the system bundle; the hashed directory keeps it.
            try easy.set(CURLOPT_CAINFO, caFile)
            try easy.set(CURLOPT_CAPATH, options.systemCAPath)
        }
        // Catches a declared Content-Length early; the write callback catches the rest.
        try easy.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(limit))
        try setMethodAndBody(easy)
        try setHeaders(easy)

        let context = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(
            CURLOPT_WRITEFUNCTION,
            callback: { data, size, count, context in
                guard let data, let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
            })
        try easy.set(CURLOPT_WRITEDATA, pointer: context)
        try easy.set(
            CURLOPT_HEADERFUNCTION,
            callback: { data, size, count, context in
                guard let data, let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
            })
        try easy.set(CURLOPT_HEADERDATA, pointer: context)
    }

    /// The response, or the error libcurl's result stands for.
    func finish(_ code: CURLcode, easy: CurlEasy) throws -> HTTPClientResponse {
        if code == CURLE_OK {
            let version = easy.info(long: CURLINFO_HTTP_VERSION)
            return HTTPClientResponse(
                status: easy.info(long: CURLINFO_RESPONSE_CODE), headers: headers, body: body,
                httpVersion: version == CURL_HTTP_VERSION_2_0 ? .http2 : .http11)
        }
        throw error(for: code, easy: easy)
    }

    func error(for code: CURLcode, easy: CurlEasy) -> HTTPClientError {
        let message = easy.message(for: code)
        switch code {
        case CURLE_FILESIZE_EXCEEDED:
            return .responseTooLarge(limit: limit)
        case CURLE_WRITE_ERROR where exceededLimit:
            return .responseTooLarge(limit: limit)
        case CURLE_OPERATION_TIMEDOUT:
            // Never reaching "about to send" means the connect (or TLS handshake) timed out.
            return easy.info(offset: CURLINFO_PRETRANSFER_TIME_T) == 0 ? .couldNotConnect(message) : .timedOut
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .couldNotConnect(message)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED:
            return .tls(message)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL(message)
        default:
            return .transport(code: Int(code.rawValue), message: message)
        }
    }

    private var httpVersionOption: Int {
        switch options.version {
        case .http11: return CURL_HTTP_VERSION_1_1
        case .http2: return isHTTPS ? CURL_HTTP_VERSION_2TLS : CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE
        case .automatic: return CURL_HTTP_VERSION_2TLS
        }
    }

    private func milliseconds(_ seconds: Double) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }

    private func setMethodAndBody(_ easy: CurlEasy) throws {
        let method = request.method.uppercased()
        if let body = request.body {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            // COPYPOSTFIELDS copies: the handle never points into a Swift array.
            try body.withUnsafeBytes { bytes in
                try easy.set(
                    CURLOPT_COPYPOSTFIELDS,
                    pointer: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!))
            }
            if method != "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, method) }
        } else if method == "HEAD" {
            try easy.set(CURLOPT_NOBODY, 1)
        } else if method == "POST" {
            try easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: 0)
            try easy.set(CURLOPT_POST, 1)
        } else if method != "GET" {
            try easy.set(CURLOPT_CUSTOMREQUEST, method)
        }
    }

    private func setHeaders(_ easy: CurlEasy) throws {
        var lines: [String] = []
        for (name, value) in request.headers {
            guard !name.isEmpty, !(name + value).contains(where: { $0 == "\r" || $0 == "\n" }), !name.contains(":") else {
                throw HTTPClientError.transport(
                    code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue),
                    message: "invalid request header \(name)")
            }
            // "Name;" is libcurl's spelling of a header with an empty value.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        // libcurl would otherwise wait up to a second for "100 Continue" before a large body.
        if !request.headers.contains(where: { $0.0.lowercased() == "expect" }) { lines.append("Expect:") }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                throw HTTPClientError.transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "curl_slist_append failed")
            }
            headerList = appended
        }
        try easy.set(CURLOPT_HTTPHEADER, list: headerList)
    }

    /// Returning less than `bytes.count` makes libcurl abort with CURLE_WRITE_ERROR.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= limit else {
            exceededLimit = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new status line (after "100 Continue", say) starts a new header block.
            headers.removeAll()
        } else if let first = line.first, first == " " || first == "\t", let last = headers.popLast() {
            headers.append((last.0, last.1 + " " + line.trimmingCharacters(in: .whitespaces)))
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append((name, value))
        }
        return bytes.count
    }
}
