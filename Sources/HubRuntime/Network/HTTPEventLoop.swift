/// How the HTTP server's threads wait on their connections' sockets (`APPNORTH_HTTP_EVENT_LOOP`).
///
/// With `poll(2)` a thread hands the kernel its open connections on every wait, so a wait costs
/// more the more connections are open, idle ones included. With `epoll(7)` the kernel keeps the
/// set, but a request whose answer comes from another thread (a chat message, a group commit)
/// pays two `epoll_ctl` calls to take its connection out of the set and put it back, and each
/// request one more `recv` to find the socket drained. Measured in `bench/RESULTS.md`: at 64
/// busy connections poll answers more of those requests a second; with 100 idle connections
/// open beside them, epoll does.
public enum HTTPEventLoop: String, Sendable, CaseIterable {
    case poll
    case epoll
    /// `poll` on a loopback address, `epoll` on any other. Only local processes reach a loopback
    /// listener — in the documented deployment a reverse proxy, which holds the clients' idle
    /// connections itself and opens to the hub about as many as it has requests in flight.
    case automatic = "auto"

    /// The loop a listener on `host` runs: `.poll` or `.epoll`, never `.automatic`.
    public func resolved(forHost host: String) -> HTTPEventLoop {
        guard self == .automatic else { return self }
        return HTTPEventLoop.isLoopback(host) ? .poll : .epoll
    }

    /// `localhost`, or an address in 127.0.0.0/8 or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        guard let (bytes, _) = IPAddressRange.parse(host) else { return false }
        return loopback.contains { $0.contains(bytes: bytes) }
    }

    private static let loopback = ["127.0.0.0/8", "::1"].compactMap(IPAddressRange.init)

    /// The setting of `APPNORTH_HTTP_EVENT_LOOP` (unset: `auto`).
    public static func parse(_ raw: String?) throws -> HTTPEventLoop {
        guard let raw else { return .automatic }
        guard let value = HTTPEventLoop(rawValue: raw) else {
            throw ConfigError.invalid(name: "APPNORTH_HTTP_EVENT_LOOP", value: raw, reason: "expected auto, poll or epoll")
        }
        return value
    }
}
