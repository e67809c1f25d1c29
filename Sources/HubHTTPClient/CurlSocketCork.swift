import CCurl
import Foundation

/// The TCP sockets of one libcurl multi handle's connections, corked (`TCP_CORK`) while
/// libcurl works through a `curl_multi_perform` and uncorked after it.
///
/// libcurl writes each stream of a multiplexed HTTP/2 connection on its own: one TLS record and
/// one `send` per request. Without the cork each of those leaves as its own TCP segment, and the
/// server wakes, reads and answers once per request. Corked, the requests of one perform leave
/// together as full segments when it ends, so the server reads many per wake and answers them
/// together; nothing waits longer than the perform that wrote it (on a loopback APNs stand-in
/// this cut the server's CPU per request about threefold and the client's system time about
/// fourfold: `bench/RESULTS.md`).
///
/// libcurl reports each socket it opens through `CURLOPT_SOCKOPTFUNCTION` and closes it through
/// `CURLOPT_CLOSESOCKETFUNCTION` (see `install(on:)`), so only this multi's own sockets are
/// ever corked. Used under its owner's lock.
final class CurlSocketCork {
    private(set) var sockets: Set<Int32> = []

    /// Makes `easy` report the sockets it opens and closes to this cork. The cork must outlive
    /// the handle's connections: its owner cleans up the multi handle first.
    func install(on easy: CurlEasy) throws {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(CURLOPT_SOCKOPTDATA, pointer: context)
        try easy.check(
            an_curl_easy_setopt_sockoptcb(easy.handle) { context, socket, purpose in
                if let context, purpose == CURLSOCKTYPE_IPCXN {
                    Unmanaged<CurlSocketCork>.fromOpaque(context).takeUnretainedValue().sockets.insert(socket)
                }
                return CURL_SOCKOPT_OK
            }, CURLOPT_SOCKOPTFUNCTION)
        try easy.set(CURLOPT_CLOSESOCKETDATA, pointer: context)
        try easy.check(
            an_curl_easy_setopt_closesocketcb(easy.handle) { context, socket in
                if let context {
                    Unmanaged<CurlSocketCork>.fromOpaque(context).takeUnretainedValue().sockets.remove(socket)
                }
                return close(socket)
            }, CURLOPT_CLOSESOCKETFUNCTION)
    }

    /// Holds what libcurl writes next in the sockets' send buffers.
    func hold() { set(1) }

    /// Sends what was held, as full segments.
    func release() { set(0) }

    private func set(_ value: Int32) {
        var value = value
        for socket in sockets {
            // A socket that is not TCP (or already gone) refuses the option; nothing else changes.
            _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_CORK, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }
}
