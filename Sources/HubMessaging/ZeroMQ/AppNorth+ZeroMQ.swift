import CZeroMQ
import HubRuntime

extension AppNorth {
    /// The libzmq this process runs with, as it reports itself (`4.3.4`).
    public static var zeroMQVersion: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
