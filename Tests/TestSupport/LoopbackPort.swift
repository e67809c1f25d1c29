import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loopback TCP ports for servers a test must name before they bind.
public enum LoopbackPort {
    /// A port the kernel just handed out on 127.0.0.1 and released; free unless another
    /// process takes it in between.
    public static func free() -> UInt16? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        return ok ? UInt16(bigEndian: address.sin_port) : nil
    }
}
