import CCurl

/// One libcurl easy handle and its error buffer. `reset()` clears the options but keeps the
/// handle's connection cache, TLS session cache and DNS cache: reusing the handle reuses the
/// connection. Not thread-safe; its owner serialises use.
final class CurlEasy {
    /// libcurl's global state, set up once per process before the first handle.
    static let globalInit: CURLcode = curl_global_init(an_curl_global_all())

    let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// What the options now set on the handle were set for; nil after `reset()`. A request of
    /// the same shape needs only its own options set, which saves a reset and a dozen
    /// option copies per request on a multiplexed connection.
    var shape: CurlRequestShape?

    init() throws {
        let global = CurlEasy.globalInit
        guard global == CURLE_OK, let handle = curl_easy_init() else {
            throw HTTPClientError.transport(code: Int(global.rawValue), message: "curl_easy_init failed")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: an_curl_error_size())
        errorBuffer.initialize(repeating: 0, count: an_curl_error_size())
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Forgets every option (callbacks and their context included); connections stay cached.
    func reset() {
        curl_easy_reset(handle)
        shape = nil
    }

    /// Installs the error buffer; done before each transfer since `reset()` clears it.
    func prepareErrorBuffer() throws {
        errorBuffer[0] = 0
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
    }

    /// Forgets the last failure's message; the buffer stays installed.
    func clearErrorMessage() {
        errorBuffer[0] = 0
    }

    /// libcurl's detailed message for the last failure, else its generic text for `code`.
    func message(for code: CURLcode) -> String {
        if errorBuffer[0] != 0 { return String(cString: errorBuffer) }
        return String(cString: curl_easy_strerror(code))
    }

    func set(_ option: CURLoption, _ value: Int) throws {
        try check(an_curl_easy_setopt_long(handle, option, value), option)
    }

    func set(_ option: CURLoption, offset value: Int64) throws {
        try check(an_curl_easy_setopt_off(handle, option, curl_off_t(value)), option)
    }

    /// libcurl copies string options, so a temporary C string is enough.
    func set(_ option: CURLoption, _ value: String) throws {
        try check(value.withCString { an_curl_easy_setopt_str(handle, option, $0) }, option)
    }

    /// Puts a string option back to libcurl's default.
    func clear(_ option: CURLoption) throws {
        try check(an_curl_easy_setopt_str(handle, option, nil), option)
    }

    func set(_ option: CURLoption, pointer value: UnsafeMutableRawPointer?) throws {
        try check(an_curl_easy_setopt_ptr(handle, option, value), option)
    }

    func set(_ option: CURLoption, list value: UnsafeMutablePointer<curl_slist>?) throws {
        try check(an_curl_easy_setopt_slist(handle, option, value), option)
    }

    func set(_ option: CURLoption, callback value: an_curl_data_cb) throws {
        try check(an_curl_easy_setopt_datacb(handle, option, value), option)
    }

    func info(long info: CURLINFO) -> Int {
        var value = 0
        return an_curl_easy_getinfo_long(handle, info, &value) == CURLE_OK ? value : 0
    }

    func info(offset info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        return an_curl_easy_getinfo_off(handle, info, &value) == CURLE_OK ? Int64(value) : 0
    }

    func check(_ code: CURLcode, _ option: CURLoption) throws {
        guard code == CURLE_OK else {
            throw HTTPClientError.transport(
                code: Int(code.rawValue),
                message: "option \(option.rawValue): " + String(cString: curl_easy_strerror(code)))
        }
    }
}
