import CZeroMQ
import CSQLite
import CCurl
import CMicroHTTPD
import CLibCrypto

/// Facts about this build of the hub.
public enum AppNorth {
    public static let version = "0.1.0"
    /// The libraries the hub links, as they report themselves at run time.
    public static var libraryVersions: [String: String] {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return [
            "zmq": "\(major).\(minor).\(patch)",
            "sqlite": String(cString: sqlite3_libversion()),
            "curl": String(cString: an_curl_version_info().pointee.version),
            "microhttpd": String(cString: MHD_get_version()),
            "crypto": String(cString: OpenSSL_version(numericCast(OPENSSL_VERSION))),
        ]
    }
}
