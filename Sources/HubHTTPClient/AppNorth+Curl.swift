import CCurl
import HubRuntime

extension AppNorth {
    /// The libcurl this process runs with, as it reports itself.
    public static var curlVersion: String { String(cString: an_curl_version_info().pointee.version) }
}
