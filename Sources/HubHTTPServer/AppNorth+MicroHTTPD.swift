import CMicroHTTPD
import HubRuntime

extension AppNorth {
    /// The libmicrohttpd this process runs with, as it reports itself.
    public static var microHTTPDVersion: String { String(cString: MHD_get_version()) }
}
